import { Label as RACLabel, type LabelProps } from "react-aria-components";
import { cx } from "./utils";

/** The label of the kit's react-aria widgets (Meter, ProgressBar): react-aria ties it to the widget. */
export function Label({ className, ...props }: LabelProps) {
  return <RACLabel {...props} className={cx("w-fit text-sm font-medium text-fg cursor-default", className)} />;
}
