import {
  FieldError as RACFieldError,
  type FieldErrorProps,
  Input as RACInput,
  type InputProps,
  Label as RACLabel,
  type LabelProps,
  Text,
  type TextProps,
  TextArea as RACTextArea,
  type TextAreaProps,
} from "react-aria-components";
import type { Ref } from "react";
import { composeTailwindRenderProps, cx } from "./utils";

export function Label({ className, ...props }: LabelProps) {
  return <RACLabel {...props} className={cx("w-fit text-sm font-medium text-fg cursor-default", className)} />;
}

export function Description({ className, ...props }: TextProps) {
  return <Text {...props} slot="description" className={cx("text-sm text-fg-muted", className)} />;
}

/** Shown only while the field is invalid; react-aria ties it to the input through aria-describedby. */
export function FieldError(props: FieldErrorProps) {
  return (
    <RACFieldError
      {...props}
      className={composeTailwindRenderProps(props.className, "text-sm font-medium text-danger-text forced-colors:text-[Mark]")}
    />
  );
}

/** Border/background of a text-like control; invalid and disabled states come from RAC data attributes. */
export const inputClasses =
  "w-full min-w-0 min-h-10 rounded-lg border border-border-strong bg-surface px-3 py-2 text-base sm:text-sm text-fg placeholder:text-placeholder outline-none transition-colors data-[hovered]:border-fg-muted data-[focused]:border-focus data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-focus data-[focus-visible]:outline-offset-1 data-[invalid]:border-danger-text data-[invalid]:border-2 data-[disabled]:bg-disabled-bg data-[disabled]:text-disabled-fg data-[disabled]:cursor-not-allowed forced-colors:border-[ButtonBorder]";

export function Input({ ref, ...props }: InputProps & { ref?: Ref<HTMLInputElement> | undefined }) {
  return <RACInput {...props} ref={ref} className={composeTailwindRenderProps(props.className, inputClasses)} />;
}

export function TextArea(props: TextAreaProps) {
  return (
    <RACTextArea
      {...props}
      className={composeTailwindRenderProps(props.className, cx(inputClasses, "min-h-24 resize-y"))}
    />
  );
}
