import { Form as RACForm, type FormProps } from "react-aria-components";
import { cx } from "./utils";

/**
 * RAC Form: `validationBehavior="aria"` (default here) keeps native bubbles off and exposes errors through
 * FieldError/aria-invalid; pass `validationErrors` to show server errors per field name.
 */
export function Form({ className, validationBehavior = "aria", ...props }: FormProps & { className?: string }) {
  return (
    <RACForm {...props} validationBehavior={validationBehavior} className={cx("flex flex-col gap-4", className)} />
  );
}
