import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { Dialog, DialogFooter, DialogTitle } from "../../ui/Dialog";
import { Modal } from "../../ui/Modal";

/**
 * Asked before a student demand without a photo is validated as it is: its card would be printed without a face
 * and its check page would say so. The spec allows it, so the agent may go on; adding the photo is offered first.
 * Focus starts on Add a photo, the better choice; Escape goes back to the form.
 */
export function NoPhotoDialog({
  isOpen,
  onCancel,
  onAddPhoto,
  onConfirm,
}: {
  readonly isOpen: boolean;
  readonly onCancel: () => void;
  readonly onAddPhoto: () => void;
  readonly onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const bodyId = useId();
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} size="sm">
      <Dialog role="alertdialog" aria-describedby={bodyId}>
        <DialogTitle>{t("demand:noPhoto.title")}</DialogTitle>
        <p id={bodyId} className="text-sm text-fg-muted">
          {t("demand:noPhoto.body")}
        </p>
        <DialogFooter>
          <Button variant="quiet" onPress={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button variant="secondary" onPress={onConfirm}>
            {t("demand:noPhoto.confirm")}
          </Button>
          <Button autoFocus onPress={onAddPhoto}>
            {t("demand:noPhoto.addPhoto")}
          </Button>
        </DialogFooter>
      </Dialog>
    </Modal>
  );
}
