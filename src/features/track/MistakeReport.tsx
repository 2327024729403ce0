import { useMachine } from "@xstate/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { MAX_MISTAKE_NOTE } from "../../api/schemas";
import { useProvidedMachine } from "../../machines/implementations";
import { mistakeReportMachine } from "../../machines/mistake-report";
import { NativeButton } from "../../ui/NativeButton";
import { NativeTextField } from "../../ui/NativeTextField";
import { TrackForm } from "./TrackForm";

/** "Signaler une erreur" (extension `correction`): a note to the office about a mistake in the request found. */
export function MistakeReport({
  kind,
  code,
  register,
}: {
  readonly kind: KindId;
  readonly code: string;
  readonly register: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [snapshot, send] = useMachine(useProvidedMachine(mistakeReportMachine), { input: { kind, code, register } });
  const { context } = snapshot;
  const sent = useRef<HTMLParagraphElement>(null);
  const done = snapshot.matches("sent");
  useEffect(() => {
    if (done) sent.current?.focus();
  }, [done]);
  if (done) {
    return (
      <p ref={sent} tabIndex={-1} role="status" className="rounded-lg bg-success-bg p-3 text-sm text-success-fg">
        {t("registration:report.sent")}
      </p>
    );
  }
  if (snapshot.matches("closed")) {
    return (
      <NativeButton variant="secondary" className="sm:self-start" onClick={() => send({ type: "OPEN" })}>
        {t("registration:report.open")}
      </NativeButton>
    );
  }
  const sending = snapshot.matches("sending");
  return (
    <TrackForm
      label={t("registration:report.open")}
      gap="gap-3"
      errorKey={context.errorKey}
      onSubmit={() => send({ type: "SUBMIT" })}
    >
      <NativeTextField
        id={`${id}-message`}
        name="message"
        multiline
        isRequired
        label={t("registration:report.label")}
        description={t("registration:report.hint")}
        lengthNote={t("registration:limit.max", { count: MAX_MISTAKE_NOTE })}
        value={context.message}
        onChange={(message) => send({ type: "CHANGE", message })}
        errorMessage={context.messageError ? t(context.messageError, { max: MAX_MISTAKE_NOTE }) : undefined}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <NativeButton type="submit" aria-disabled={sending || undefined}>
          {sending ? t("registration:report.sending") : t("registration:report.submit")}
        </NativeButton>
        <NativeButton variant="secondary" onClick={() => send({ type: "CLOSE" })}>
          {t("common:actions.cancel")}
        </NativeButton>
      </div>
    </TrackForm>
  );
}
