import { useId, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { rejectionReasons, rejectionStatuses, type RejectionReason, type RejectionStatus } from "../../api/schemas";
import type { DemandRejectContext, DemandRejectEvent } from "../../machines/demand-reject";
import { Button } from "../../ui/Button";
import { Dialog, DialogFooter, DialogTitle } from "../../ui/Dialog";
import { Modal } from "../../ui/Modal";
import { NativeRadioGroup } from "../../ui/NativeRadioGroup";
import { NativeTextField } from "../../ui/NativeTextField";
import { NativeCheckbox } from "../../ui/NativeCheckbox";
import { isOneOf } from "../../api/one-of";
import { useCapability } from "../../app/runtime-context";
import { correctableFields } from "../../forms/correctable";

const isStatus = (value: string): value is RejectionStatus => isOneOf(rejectionStatuses, value);
const isReason = (value: string): value is RejectionReason => isOneOf(rejectionReasons, value);

/**
 * Reject a demand or ask for a correction (extension `reject`): what is asked, a reason from the short list, and
 * words for the applicant. Keyboard: Tab through the two radio groups (arrows choose), the comment, then Cancel and
 * the action; Escape closes. Its description says who is told and how.
 */
export function RejectDialog({ isOpen, ...props }: RejectFormProps & { readonly isOpen: boolean }) {
  const { sending, send } = props;
  // The form is its own component: closed, the modal draws no child, so nothing of it is built or worded each
  // time the validation screen is drawn again.
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && !sending && send({ type: "CLOSE" })}
      isDismissable={!sending}
    >
      <RejectForm {...props} />
    </Modal>
  );
}

interface RejectFormProps {
  readonly sending: boolean;
  readonly context: DemandRejectContext;
  readonly send: (event: DemandRejectEvent) => void;
}

function RejectForm({ sending, context, send }: RejectFormProps) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: "SUBMIT" });
  };
  const { fieldErrors } = context;
  // Extension `correction`: a correction names the fields the applicant may then correct online.
  const correctionOn = useCapability("correction");
  return (
    <Dialog aria-describedby={descriptionId}>
      <DialogTitle>{t("demand:reject.title")}</DialogTitle>
      <p id={descriptionId} className="text-sm text-fg-muted">
        {t("demand:reject.description")}
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t("demand:reject.title")}>
        {context.errorKey && (
          <p role="alert" className="rounded-lg bg-error-bg p-3 text-sm text-error-fg">
            {t(context.errorKey)}
          </p>
        )}
        <NativeRadioGroup
          id={`${id}-status`}
          name="status"
          label={t("demand:reject.statusLabel")}
          orientation="vertical"
          options={rejectionStatuses
            .toReversed()
            .map((status) => ({ value: status, label: t(`demand:reject.status.${status}`) }))}
          value={context.status}
          onChange={(value) => isStatus(value) && send({ type: "SET_STATUS", status: value })}
        />
        <NativeRadioGroup
          id={`${id}-reason`}
          name="reason"
          label={t("demand:reject.reasonLabel")}
          isRequired
          orientation="vertical"
          options={rejectionReasons.map((reason) => ({ value: reason, label: t(`demand:reject.reasons.${reason}`) }))}
          value={context.reason}
          onChange={(value) => isReason(value) && send({ type: "SET_REASON", reason: value })}
          errorMessage={fieldErrors.reason ? t(fieldErrors.reason) : undefined}
        />
        {correctionOn && context.status === "correction" && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-fg">{t("demand:reject.fieldsLabel")}</legend>
            <p className="mb-1 text-sm text-fg-muted">{t("demand:reject.fieldsHint")}</p>
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {correctableFields(context.kind.form).map((field) => (
                <NativeCheckbox
                  key={field.name}
                  id={`${id}-field-${field.name}`}
                  name="fields"
                  checked={context.fields.includes(field.name)}
                  onChange={(named) => send({ type: "SET_FIELD", field: field.name, named })}
                >
                  {t(field.labelKey)}
                </NativeCheckbox>
              ))}
            </div>
          </fieldset>
        )}
        <NativeTextField
          id={`${id}-comment`}
          name="comment"
          multiline
          label={t("demand:reject.commentLabel")}
          description={t("demand:reject.commentHint")}
          isRequired={context.reason === "other"}
          value={context.comment}
          onChange={(comment) => send({ type: "SET_COMMENT", comment })}
          errorMessage={fieldErrors.comment ? t(fieldErrors.comment) : undefined}
        />
        <DialogFooter>
          <Button variant="secondary" onPress={() => send({ type: "CLOSE" })} isDisabled={sending}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            type="submit"
            variant={context.status === "rejected" ? "destructive" : "primary"}
            isPending={sending && !context.thenNext}
            isDisabled={sending && context.thenNext}
          >
            {sending && !context.thenNext ? t("demand:reject.sending") : t(`demand:reject.submit.${context.status}`)}
          </Button>
          {/* The queue keeps moving: decided, the list's next demand waiting for a decision opens. */}
          <Button
            variant="secondary"
            isPending={sending && context.thenNext}
            isDisabled={sending && !context.thenNext}
            onPress={() => send({ type: "SUBMIT", thenNext: true })}
          >
            {sending && context.thenNext ? t("demand:reject.sending") : t(`demand:reject.submitNext.${context.status}`)}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
