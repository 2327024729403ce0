import { Dialog as RACDialog, type DialogProps, Heading, type HeadingProps } from "react-aria-components";
import { cx } from "./utils";

/** Dialog content container; put a DialogTitle inside so react-aria labels the dialog with it. */
export function Dialog({ className, ...props }: DialogProps & { className?: string }) {
  return <RACDialog {...props} className={cx("relative flex flex-col gap-4 p-5 outline-none sm:p-6", className)} />;
}

export function DialogTitle({ className, ...props }: HeadingProps) {
  return <Heading slot="title" {...props} className={cx("pe-8 text-lg font-semibold text-fg", className)} />;
}

export { DialogFooter } from "./DialogFooter";
