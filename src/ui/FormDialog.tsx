import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { Dialog, DialogFooter, DialogTitle } from "./Dialog";
import { Form } from "./Form";
import { Modal } from "./Modal";

export interface FormDialogProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly description?: string;
  /** A failure of the last attempt, already translated; shown as an alert above the fields. */
  readonly failure?: string | null;
  /** While the submission runs: the dialog stays open, Cancel is disabled, the submit button shows progress. */
  readonly busy: boolean;
  readonly submitLabel: string;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly children: ReactNode;
}

/** A modal form: title, description, failure alert, fields, then Cancel and submit (focus trapped and returned). */
export function FormDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  failure,
  busy,
  submitLabel,
  onSubmit,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!busy}>
      <Dialog>
        {({ close }) => (
          <>
            <DialogTitle>{title}</DialogTitle>
            {description && <p className="text-sm text-fg-muted">{description}</p>}
            <Form onSubmit={onSubmit} aria-label={title}>
              {failure && (
                <p role="alert" className="rounded-lg bg-error-bg p-3 text-sm text-error-fg">
                  {failure}
                </p>
              )}
              {children}
              <DialogFooter>
                <Button variant="secondary" onPress={close} isDisabled={busy}>
                  {t("common:actions.cancel")}
                </Button>
                <Button type="submit" isPending={busy}>
                  {submitLabel}
                </Button>
              </DialogFooter>
            </Form>
          </>
        )}
      </Dialog>
    </Modal>
  );
}
