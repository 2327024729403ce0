import type { ReactNode } from "react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";

export interface DrawerProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The drawer's accessible name (it is a dialog). */
  readonly "aria-label": string;
  readonly children: ReactNode;
}

/**
 * A panel sliding over the page from the start edge (the back office's menu on phones). react-aria traps focus
 * inside, restores it on close, hides the page behind from assistive technology, and closes on Escape and on a
 * click outside.
 */
export function Drawer({ isOpen, onOpenChange, children, ...aria }: DrawerProps) {
  return (
    <ModalOverlay
      isDismissable
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      className="fixed inset-0 z-40 bg-black/40 lg:hidden"
    >
      <Modal className="h-full w-72 max-w-[85vw] bg-surface p-4 shadow-xl">
        <Dialog aria-label={aria["aria-label"]} className="flex h-full flex-col gap-6 outline-none">
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
