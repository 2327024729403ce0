import { Modal as RACModal, ModalOverlay, type ModalOverlayProps } from "react-aria-components";
import { composeTailwindRenderProps, cx } from "./utils";

export interface ModalProps extends ModalOverlayProps {
  size?: "sm" | "md" | "lg";
}

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-3xl" } as const;

/**
 * Overlay + centred modal. react-aria traps focus inside, restores it to the trigger on close, hides the rest of
 * the page from assistive tech and closes on Escape (and on outside click when `isDismissable`).
 */
export function Modal({ size = "md", ...props }: ModalProps) {
  return (
    <ModalOverlay
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        "fixed inset-0 z-50 flex min-h-full items-end justify-center overflow-y-auto bg-overlay p-2 sm:items-center sm:p-4",
      )}
    >
      <RACModal
        {...(props.isDismissable !== undefined ? { isDismissable: props.isDismissable } : {})}
        className={cx(
          "w-full max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-xl border border-border bg-surface text-fg shadow-overlay outline-none forced-colors:bg-[Canvas]",
          widths[size],
        )}
      >
        {props.children}
      </RACModal>
    </ModalOverlay>
  );
}
