import type { ReactNode } from "react";
import { cx } from "./classes";

/** Right-aligned row of actions at the bottom of a dialog; stacks on narrow screens. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>{children}</div>;
}
