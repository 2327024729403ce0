import { TextField as RACTextField } from "react-aria-components";
import { Description, FieldError, Input, Label, RequiredMark } from "./Field";
import type { TextFieldProps } from "./TextField";
import { composeTailwindRenderProps } from "./utils";

export interface DateTextFieldProps extends Omit<TextFieldProps, "type" | "multiline" | "placeholder"> {
  /** ISO date (YYYY-MM-DD) bounds, forwarded to the native input. */
  min?: string;
  max?: string;
}

/**
 * A date kept as a plain ISO string (YYYY-MM-DD) through the browser's native date input: the value is what the
 * API sends (spec §5: birth date as a string), and phones get their native picker.
 */
export function DateTextField({
  label,
  description,
  errorMessage,
  inputRef,
  inputClassName,
  min,
  max,
  ...props
}: DateTextFieldProps) {
  return (
    <RACTextField
      {...props}
      type="date"
      className={composeTailwindRenderProps(props.className, "group flex flex-col gap-1.5")}
    >
      {label && (
        <Label>
          {label}
          <RequiredMark show={props.isRequired} />
        </Label>
      )}
      <Input ref={inputRef} min={min} max={max} className={inputClassName} />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACTextField>
  );
}
