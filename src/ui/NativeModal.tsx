import { useLayoutEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useLatest } from "./use-latest";

export interface NativeModalProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  /** id of the dialog's heading, which names it. */
  readonly labelledBy: string;
  readonly children: ReactNode;
}

/**
 * The platform's modal `<dialog>` with the look of the kit's `Modal`, for a dialog of the public pages (the photo
 * crop): the browser traps focus (the rest of the page is inert), closes it on Escape and returns focus to the
 * control that opened it, as react-aria's modal does, with none of react-aria's code to run for the first time in
 * the tap that opens it. The page behind does not scroll while it is open.
 */
export function NativeModal({ isOpen, onOpenChange, labelledBy, children }: NativeModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openChange = useLatest(onOpenChange);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!isOpen || !dialog) return;
    const root = document.documentElement;
    const { overflow, paddingRight } = root.style;
    // The scrollbar's room is kept, so the page behind does not shift sideways.
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = "hidden";
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    dialog.showModal();
    // The dialog itself takes focus, as react-aria's does: its name is read first, then its first control is a Tab
    // away (the browser would focus that control at once).
    dialog.focus();
    return () => {
      dialog.close();
      root.style.overflow = overflow;
      root.style.paddingRight = paddingRight;
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return createPortal(
    <dialog
      ref={ref}
      // Written out as react-aria's dialogs have it: scripts find the open dialog by this attribute.
      // oxlint-disable-next-line jsx-a11y/no-redundant-roles -- see above
      role="dialog"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onCancel={(event) => {
        event.preventDefault();
        openChange.current(false);
      }}
      // Closed by the browser on its own (a second Escape it no longer lets the page refuse).
      onClose={() => {
        if (ref.current?.isConnected) openChange.current(false);
      }}
      className="mx-auto mt-auto mb-2 max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-3xl overflow-y-auto rounded-xl border border-border bg-surface text-fg shadow-overlay outline-none backdrop:bg-overlay forced-colors:bg-[Canvas] sm:my-auto"
    >
      <div className="relative flex flex-col gap-4 p-5 sm:p-6">{children}</div>
    </dialog>,
    document.body,
  );
}
