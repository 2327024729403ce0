import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { Dialog, DialogFooter, DialogTitle } from "./Dialog";
import { Modal } from "./Modal";

export interface AlertDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children?: ReactNode;
  /** Confirm button text; defaults to common:actions.confirm. */
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: "destructive" | "primary";
  /** Called on confirm; returning a promise keeps the dialog open until it resolves
   * (it stays open if the promise rejects); drive `isPending` meanwhile. */
  onConfirm: () => void | Promise<unknown>;
  isPending?: boolean;
}

/**
 * Confirmation dialog (role="alertdialog"): focus starts on Cancel so Enter never confirms a destructive
 * action by accident; Escape cancels; focus returns to the trigger.
 * `<AlertDialog isOpen title={t("agent:deleteConfirm")} onConfirm={remove} variant="destructive" … />`
 */
export function AlertDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel,
  variant = "destructive",
  onConfirm,
  isPending,
}: AlertDialogProps) {
  const { t } = useTranslation("common");
  const descriptionId = useId();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      {/* The text under the title describes the dialog: read with its title when it opens. */}
      <Dialog role="alertdialog" aria-describedby={children ? descriptionId : undefined}>
        {({ close }) => (
          <>
            <DialogTitle>{title}</DialogTitle>
            {children && (
              <div id={descriptionId} className="text-sm text-fg-muted">
                {children}
              </div>
            )}
            <DialogFooter>
              <Button variant="secondary" onPress={close} autoFocus isDisabled={isPending}>
                {cancelLabel ?? t("actions.cancel")}
              </Button>
              <Button
                variant={variant}
                isPending={isPending}
                onPress={() => {
                  const result = onConfirm();
                  // A rejected promise keeps the dialog open: the caller reports the error (toast).
                  if (result instanceof Promise) result.then(close, () => undefined);
                  else close();
                }}
              >
                {confirmLabel ?? t("actions.confirm")}
              </Button>
            </DialogFooter>
          </>
        )}
      </Dialog>
    </Modal>
  );
}
