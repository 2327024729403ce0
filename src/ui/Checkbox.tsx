import {
  Checkbox as RACCheckbox,
  type CheckboxProps as RACCheckboxProps,
  composeRenderProps,
} from "react-aria-components";
import type { ReactNode } from "react";
import { composeTailwindRenderProps, cx } from "./utils";

export interface CheckboxProps extends RACCheckboxProps {
  /** Shown below the box when `isInvalid`; linked through aria-describedby. */
  errorMessage?: string;
  description?: ReactNode;
}

const box =
  "flex size-5 shrink-0 items-center justify-center rounded-sm border-2 transition-colors forced-colors:border-[ButtonBorder]";

/**
 * RAC Checkbox (a real <input type="checkbox"> in a label). RAC's standalone Checkbox has no FieldError slot, so
 * the error text is rendered here and referenced with aria-describedby; pass `id` to name the input.
 */
export function Checkbox({ errorMessage, description, ...props }: CheckboxProps) {
  const baseId = props.id ?? undefined;
  const errorId = baseId && props.isInvalid && errorMessage ? `${baseId}-error` : undefined;
  const descriptionId = baseId && description ? `${baseId}-description` : undefined;
  const describedBy = [props["aria-describedby"], descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <RACCheckbox
        {...props}
        aria-describedby={describedBy}
        className={composeTailwindRenderProps(
          props.className,
          "group flex items-start gap-3 text-sm text-fg cursor-pointer data-[disabled]:cursor-not-allowed data-[disabled]:text-disabled-fg",
        )}
      >
        {composeRenderProps(props.children, (children, { isSelected, isIndeterminate, isInvalid, isFocusVisible }) => (
          <>
            <span
              className={cx(
                box,
                "mt-0.5",
                isSelected || isIndeterminate
                  ? "border-primary bg-primary text-on-primary"
                  : "border-border-strong bg-surface",
                isInvalid && "border-danger-text",
                isFocusVisible && "outline-2 outline-solid outline-focus outline-offset-2",
              )}
            >
              {isIndeterminate ? (
                <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5">
                  <path d="M3 8h10" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                </svg>
              ) : isSelected ? (
                <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5">
                  <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                </svg>
              ) : null}
            </span>
            <span className="min-w-0">{children}</span>
          </>
        ))}
      </RACCheckbox>
      {description && (
        <p id={descriptionId} className="ms-8 text-sm text-fg-muted">
          {description}
        </p>
      )}
      {props.isInvalid && errorMessage && (
        <p id={errorId} className="ms-8 text-sm font-medium text-danger-text">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
