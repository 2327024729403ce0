import type { ReactNode } from "react";
import { cx, nativeFocusRing } from "./classes";

export interface NativeCheckboxProps {
  readonly id: string;
  readonly name: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  /** Shown below the box and tied to it (aria-describedby, aria-invalid) when present. */
  readonly errorMessage?: string | undefined;
  /** An error shown elsewhere for a group of boxes (its element's id): this box is invalid and described by it. */
  readonly groupErrorId?: string | undefined;
  /** The visible label; a box whose label is elsewhere (a table row's own cells) names itself with `aria-label`. */
  readonly children?: ReactNode;
  readonly "aria-label"?: string;
}

/** The platform's checkbox in its label, with the kit's looks and its error tied to it; no react-aria. */
export function NativeCheckbox({
  id,
  name,
  checked,
  onChange,
  disabled = false,
  errorMessage,
  groupErrorId,
  children,
  "aria-label": ariaLabel,
}: NativeCheckboxProps) {
  const errorId = errorMessage ? `${id}-error` : groupErrorId;
  const invalid = Boolean(errorMessage || groupErrorId);
  // A box named by aria-label sits in a plain box, not in a <label> with no text: IBM's Equal Access engine reads
  // an empty label as the box's missing name, where axe reads the aria-label.
  const Wrapper = children === undefined ? "span" : "label";
  return (
    <div className="flex flex-col gap-1">
      <Wrapper
        className={cx(
          "flex items-start gap-3 text-sm text-fg max-sm:min-h-11 max-sm:items-center",
          disabled ? "cursor-not-allowed text-disabled-fg" : "cursor-pointer",
        )}
      >
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          aria-label={ariaLabel}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.checked)}
          className={cx(
            "mt-0.5 size-5 shrink-0 cursor-pointer accent-primary",
            invalid && "outline outline-1 outline-danger-text",
            nativeFocusRing,
          )}
        />
        {children !== undefined && <span>{children}</span>}
      </Wrapper>
      {errorMessage && (
        <p id={errorId} className="ms-8 text-sm font-medium text-danger-text">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
