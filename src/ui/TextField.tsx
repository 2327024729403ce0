import type { Ref } from "react";
import {
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  type ValidationResult,
} from "react-aria-components";
import { Description, FieldError, Input, Label, TextArea } from "./Field";
import { RequiredMark } from "./NativeFieldParts";
import { composeTailwindRenderProps } from "./utils";

export interface TextFieldProps extends RACTextFieldProps {
  label?: string;
  description?: string;
  /** Shown when the field is invalid (`isInvalid` or native/`validate` validation). */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Render a <textarea> instead of an <input>. */
  multiline?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  inputClassName?: string;
}

/**
 * Label + input + description + error, all wired by react-aria (label `for`, aria-describedby, aria-invalid).
 * Pass `id` to give the input a stable id (the ErrorSummary links to it).
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline,
  inputRef,
  inputClassName,
  ...props
}: TextFieldProps) {
  return (
    <RACTextField {...props} className={composeTailwindRenderProps(props.className, "group flex flex-col gap-1.5")}>
      {label && (
        <Label>
          {label}
          <RequiredMark show={props.isRequired} />
        </Label>
      )}
      {multiline ? (
        <TextArea placeholder={placeholder} className={inputClassName} />
      ) : (
        <Input ref={inputRef} placeholder={placeholder} className={inputClassName} />
      )}
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACTextField>
  );
}
