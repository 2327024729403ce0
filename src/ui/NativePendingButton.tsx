import { useRef } from "react";
import { NativeButton, type NativeButtonProps } from "./NativeButton";
import { Spinner } from "./Spinner";
import { usePendingAnnouncement } from "./announce";
import { cx } from "./classes";

export interface NativePendingButtonProps extends NativeButtonProps {
  /** The work it started is under way: the button stays focusable but ignores clicks, and shows a spinner. */
  readonly isPending: boolean;
}

/**
 * A `NativeButton` that says its work is pending as the kit's react-aria `Button` does (`aria-disabled`,
 * `data-pending`, a spinner over its hidden label, "please wait" announced when it has focus), for a dialog of the
 * public pages (the photo crop) that must not run react-aria's press handling on a slow phone.
 */
export function NativePendingButton({ isPending, onClick, children, ...props }: NativePendingButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  usePendingAnnouncement(ref, isPending);
  return (
    <NativeButton
      ref={ref}
      {...props}
      onClick={isPending ? undefined : onClick}
      aria-disabled={isPending || props["aria-disabled"]}
      data-pending={isPending || undefined}
    >
      <span className={cx("inline-flex items-center justify-center gap-2", isPending && "opacity-0")}>{children}</span>
      {isPending && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner size="sm" />
        </span>
      )}
    </NativeButton>
  );
}
