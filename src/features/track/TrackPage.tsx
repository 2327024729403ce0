import { useMachine } from "@xstate/react";
import { useEffect, useId, useRef, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { formatDateTime } from "../../i18n/format";
import { useProvidedMachine } from "../../machines/implementations";
import { trackRequestMachine } from "../../machines/track-request";
import { trackStates, type Tracked } from "../../api/schemas/tracking";
import { NativeButton } from "../../ui/NativeButton";
import { cx, nativeFocusRing } from "../../ui/classes";
import { rejectionReasonLabel } from "../demands/rejection-reason";
import { PublicLayout } from "../layout/PublicLayout";
import { useOfficeName } from "./office-name";
import { RequestLookupFields } from "./RequestLookupFields";
import { DigitalCardLink } from "../digital/DigitalCardLink";
import { useCapability } from "../../app/runtime-context";
import { CorrectionForm } from "./CorrectionForm";
import { MistakeReport } from "./MistakeReport";
import { isOneOf } from "../../api/one-of";

const knownState = (state: string): string => (isOneOf(trackStates, state) ? state : "other");

/**
 * "Track my request" (extension `track`, docs/extensions.md): public, the request code and the registration number
 * give the request's state and, when rejected or sent back, the agent's reason. Nothing about the person is shown.
 */
export function TrackPage({ kind, code }: { readonly kind: KindId | undefined; readonly code: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const [snapshot, send] = useMachine(useProvidedMachine(trackRequestMachine), {
    input: { kind: kind ?? "student", ...(code === undefined ? {} : { code }) },
  });
  const { context } = snapshot;
  const looking = snapshot.matches("looking");
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const found = snapshot.matches("found") ? context.result : null;
  useEffect(() => {
    if (found) resultHeading.current?.focus();
  }, [found]);
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: "SUBMIT" });
  };

  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:py-14">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t("registration:track.title")}</h1>
          <p className="text-fg-muted">{t("registration:track.intro")}</p>
        </div>
        <form
          noValidate
          onSubmit={submit}
          aria-label={t("registration:track.title")}
          className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6"
        >
          <RequestLookupFields
            id={id}
            kind={context.kind}
            code={context.code}
            register={context.register}
            fieldErrors={context.fieldErrors}
            errorId={context.errorKey ? errorId : undefined}
            onKind={(kind) => send({ type: "SET_KIND", kind })}
            onChange={(field, value) => send({ type: "CHANGE", field, value })}
          />
          {context.errorKey && (
            <p id={errorId} role="alert" className="rounded-lg bg-error-bg p-3 text-sm text-error-fg">
              {t(context.errorKey)}
            </p>
          )}
          <NativeButton type="submit" aria-disabled={looking || undefined} className="sm:self-start">
            {looking ? t("registration:track.looking") : t("registration:track.submit")}
          </NativeButton>
        </form>
        {found && (
          <TrackResult
            kind={context.kind}
            result={found}
            headingRef={resultHeading}
            applicant={{ kind: context.kind, code: context.code, register: context.register }}
            corrected={context.corrected}
            onCorrected={(result) => send({ type: "CORRECTED", result })}
          />
        )}
      </div>
    </PublicLayout>
  );
}

function TrackResult({
  kind,
  result,
  headingRef,
  applicant,
  corrected,
  onCorrected,
}: {
  readonly kind: KindId;
  readonly result: Tracked;
  readonly headingRef: React.RefObject<HTMLHeadingElement | null>;
  /** The request as the applicant named it: what a correction or a note is sent with. */
  readonly applicant: { readonly kind: KindId; readonly code: string; readonly register: string };
  readonly corrected: boolean;
  readonly onCorrected: (result: Tracked) => void;
}) {
  const { t } = useTranslation();
  const office = useOfficeName();
  // Extension `correction` (docs/extensions.md): the named fields corrected here, and a note to the office.
  const correctionOn = useCapability("correction");
  const state = knownState(result.state);
  const correctable = correctionOn && state === "correction" && (result.fields?.length ?? 0) > 0;
  const tone =
    state === "rejected"
      ? "border-error-fg/40 bg-error-bg text-error-fg"
      : state === "correction" || state === "other"
        ? "border-warning-fg/40 bg-warning-bg text-warning-fg"
        : state === "received"
          ? "border-border bg-surface-2 text-fg"
          : "border-success-fg/40 bg-success-bg text-success-fg";
  return (
    <section
      aria-label={t("registration:track.resultLabel", { code: result.code })}
      className={cx("flex flex-col gap-2 rounded-2xl border p-5 sm:p-6", tone)}
    >
      <p className="font-mono text-sm">{result.code}</p>
      <h2 ref={headingRef} tabIndex={-1} className={cx("text-xl font-semibold", nativeFocusRing)}>
        {t(`registration:track.state.${state}.title`)}
      </h2>
      {corrected && (
        <p role="status" className="font-medium">
          {t("registration:correction.sent")}
        </p>
      )}
      <p>{t(correctable ? "registration:correction.body" : `registration:track.state.${state}.body`, { office })}</p>
      {result.reason && (
        <p className="font-medium">
          {t("registration:track.reason", { reason: rejectionReasonLabel(t, result.reason) })}
        </p>
      )}
      {result.comment && (
        <div>
          <p className="text-sm font-medium">{t("registration:track.comment")}</p>
          <p dir="auto" className="whitespace-pre-line">
            {result.comment}
          </p>
        </div>
      )}
      {result.updated_at && (
        <p className="text-sm">{t("registration:track.updatedOn", { date: formatDateTime(result.updated_at) })}</p>
      )}
      <DigitalCardLink kind={kind} code={result.code} state={state} />
      {correctable && <CorrectionForm {...applicant} fields={result.fields ?? []} onSent={onCorrected} />}
      {correctionOn && <MistakeReport {...applicant} />}
    </section>
  );
}
