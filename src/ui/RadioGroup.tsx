import {
  Radio as RACRadio,
  RadioGroup as RACRadioGroup,
  type RadioGroupProps as RACRadioGroupProps,
  type RadioProps,
  type ValidationResult,
  composeRenderProps,
} from "react-aria-components";
import type { ReactNode } from "react";
import { Description, FieldError, Label, RequiredMark } from "./Field";
import { composeTailwindRenderProps, cx } from "./utils";

export interface RadioGroupProps extends Omit<RACRadioGroupProps, "children"> {
  label?: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  children?: ReactNode;
}

export function RadioGroup({ label, description, errorMessage, children, ...props }: RadioGroupProps) {
  return (
    <RACRadioGroup {...props} className={composeTailwindRenderProps(props.className, "group flex flex-col gap-2")}>
      {label && (
        <Label>
          {label}
          <RequiredMark show={props.isRequired} />
        </Label>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-2 group-data-[orientation=vertical]:flex-col">{children}</div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACRadioGroup>
  );
}

export function Radio(props: RadioProps) {
  return (
    <RACRadio
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        "group flex items-center gap-2 text-sm text-fg cursor-pointer data-[disabled]:cursor-not-allowed data-[disabled]:text-disabled-fg",
      )}
    >
      {composeRenderProps(props.children, (children, { isSelected, isInvalid, isFocusVisible }) => (
        <>
          <span
            className={cx(
              "flex size-5 shrink-0 items-center justify-center rounded-full border-2 bg-surface",
              isSelected ? "border-primary" : "border-border-strong",
              isInvalid && "border-danger-text",
              isFocusVisible && "outline-2 outline-solid outline-focus outline-offset-2",
            )}
          >
            {isSelected && <span className="size-2.5 rounded-full bg-primary" />}
          </span>
          {children}
        </>
      ))}
    </RACRadio>
  );
}
