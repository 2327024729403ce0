import { useEffect, useId, useState, type FormEvent } from "react";
import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../../app/runtime-context";
import { duplicateNumber } from "../../../api/duplicate-number";
import { DEFAULT_VALIDITY_RULES, validUntilOf } from "../../../api/card-validity";
import { isEventKind, isSuspendReason, suspendReasons, type CardEvent, type SuspendReason } from "../../../api";
import { formatDate, formatDateTime, numberFormat } from "../../../i18n/format";
import type { AnyKind } from "../../../kinds";
import type { AnyCard } from "../../../machines/card-lifecycle";
import { cardStatesMachine, stateOf } from "../../../machines/card-lifecycle-states";
import { useProvidedMachine } from "../../../machines/implementations";
import { Button } from "../../../ui/Button";
import { Section } from "../../../ui/Card";
import { FormDialog } from "../../../ui/FormDialog";
import { Link } from "../../../ui/Link";
import { NativeCheckbox } from "../../../ui/NativeCheckbox";
import { NativeSelect } from "../../../ui/NativeSelect";
import { NativeTextField } from "../../../ui/NativeTextField";
import { Spinner } from "../../../ui/Spinner";
import { toast } from "../../../ui/toast";
import { ErrorPanel } from "../../../ui/ErrorPanel";
import { StatusBadge } from "../../lists/StatusBadge";
import { stateTone } from "./CardStateBadge";

export interface CardLifePanelProps {
  readonly kind: AnyKind;
  readonly card: AnyCard;
  /** After a change the server made: the detail screen reloads the card and its PDF. */
  readonly onChanged: () => void;
}

type Dialog = "suspend" | "reactivate" | "replace" | null;

const agentName = (by: CardEvent["by"]): string | null => by?.first_name || by?.username || null;

/**
 * The card's life on its detail screen (the `lifecycle` extension, docs/extensions.md): its state with reason, date
 * and agent, the actions its state allows, and its timeline. The detail screen shows it only with the capability.
 */
export function CardLifePanel({ kind, card, onChanged }: CardLifePanelProps) {
  const { t, i18n } = useTranslation();
  const { config } = useRuntime();
  const rules = config.cardValidity ?? DEFAULT_VALIDITY_RULES;
  const [snapshot, send, actorRef] = useMachine(useProvidedMachine(cardStatesMachine), {
    input: { kind, card, rules },
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState<SuspendReason>("lost");
  const [note, setNote] = useState("");
  const [byHolder, setByHolder] = useState(true);
  const [fee, setFee] = useState("");
  const [reference, setReference] = useState("");
  const holderId = useId();

  useEffect(() => {
    if (card !== snapshot.context.card) send({ type: "CARD", card });
    // Only a card read again by the detail screen is sent in.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [card]);

  useEffect(() => {
    const changed = actorRef.on("changed", (event) => {
      toast.success(t(`card:lifecycle.changed.${event.action}`));
      setDialog(null);
      onChanged();
    });
    const failed = actorRef.on("failed", (event) =>
      toast.error(t("card:lifecycle.failed"), { description: t(event.detailKey) }),
    );
    return () => {
      changed.unsubscribe();
      failed.unsubscribe();
    };
  }, [actorRef, t, onChanged]);

  const { context } = snapshot;
  const current = context.card;
  const state = stateOf(context) ?? "inactive";
  const busy = (["suspending", "reactivating", "replacing", "renewing"] as const).some((s) =>
    snapshot.matches({ state: s }),
  );
  const until = validUntilOf(kind.id, current, rules);
  const agent = agentName(current.state_by);
  const open = (next: Dialog) => {
    setNote("");
    if (next === "replace") {
      // The office's standard fee, written as the agent would write it ("5 000"); the agent may change it.
      setFee(config.replacementFee === undefined ? "" : numberFormat(i18n.language).format(config.replacementFee));
      send({ type: "REPLACE_FORM" });
    }
    setDialog(next);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dialog === "suspend") send({ type: "SUSPEND", reason, note, reportedByHolder: byHolder });
    if (dialog === "reactivate") send({ type: "REACTIVATE", note });
    if (dialog === "replace") send({ type: "REPLACE", fee, paymentReference: reference, note });
  };
  const tone = stateTone(state);
  const { replaceErrors } = context;
  const duplicate = duplicateNumber(current.sequence);

  return (
    <Section title={t("card:lifecycle.title")} className="rounded-xl border border-border bg-surface p-4 sm:p-6">
      <div className="flex flex-col gap-2 text-sm" data-testid="card-life">
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge tone={tone}>{t(`card:lifecycle.state.${state}`)}</StatusBadge>
          {state === "suspended" && isSuspendReason(current.state_reason) && (
            <span>{t(`card:lifecycle.reasonLabel.${current.state_reason}`)}</span>
          )}
          {duplicate !== null && (
            <span className="font-semibold">{t("card:lifecycle.duplicate", { n: duplicate })}</span>
          )}
        </p>
        {(state === "suspended" || state === "replaced") && current.state_at && (
          <p>
            {t("card:lifecycle.since", {
              date: formatDateTime(current.state_at),
              agent: agent ?? t("common:notAvailable"),
            })}
          </p>
        )}
        {current.state_note && <p>{t("card:lifecycle.note", { note: current.state_note })}</p>}
        {until && (
          <p>
            {state === "expired"
              ? t("card:lifecycle.expiredOn", { date: formatDate(until) })
              : t("card:lifecycle.validUntil", { date: formatDate(until) })}
          </p>
        )}
        {(context.replacement?.id ?? current.replaced_by) && (
          <Link href={`/dashboard/${kind.id}/card/${context.replacement?.id ?? current.replaced_by ?? ""}`}>
            {t("card:lifecycle.replacedBy")}
          </Link>
        )}
        {current.replaces && (
          <Link href={`/dashboard/${kind.id}/card/${current.replaces}`}>{t("card:lifecycle.replaces")}</Link>
        )}
        {context.renewal && (
          <p role="status">
            {t("card:lifecycle.renewed", { code: context.renewal.code ?? context.renewal.id })}{" "}
            <Link href={`/dashboard/${kind.id}/demand/${context.renewal.id}`}>{t("card:lifecycle.openRenewal")}</Link>
          </p>
        )}
      </div>

      <div className="mt-3 flex flex-wrap gap-3">
        {state === "active" && (
          <Button variant="secondary" onPress={() => open("suspend")} isDisabled={busy}>
            {t("card:lifecycle.actions.suspend")}
          </Button>
        )}
        {state === "suspended" && (
          <Button variant="secondary" onPress={() => open("reactivate")} isDisabled={busy}>
            {t("card:lifecycle.actions.reactivate")}
          </Button>
        )}
        {(state === "active" || state === "suspended") && (
          <Button variant="secondary" onPress={() => open("replace")} isDisabled={busy}>
            {t("card:lifecycle.actions.replace")}
          </Button>
        )}
        {state === "expired" && context.renewal === null && (
          <Button onPress={() => send({ type: "RENEW" })} isPending={busy}>
            {t("card:lifecycle.actions.renew")}
          </Button>
        )}
      </div>

      <FormDialog
        isOpen={dialog !== null}
        onOpenChange={(isOpen) => !isOpen && setDialog(null)}
        title={t(`card:lifecycle.${dialog ?? "suspend"}Dialog.title`)}
        description={t(`card:lifecycle.${dialog ?? "suspend"}Dialog.description`)}
        busy={busy}
        submitLabel={t(`card:lifecycle.${dialog ?? "suspend"}Dialog.submit`)}
        onSubmit={submit}
      >
        {dialog === "suspend" && (
          <>
            <NativeSelect
              label={t("card:lifecycle.suspendDialog.reason")}
              value={reason}
              options={suspendReasons.map((r) => ({ value: r, label: t(`card:lifecycle.reasonLabel.${r}`) }))}
              onChange={setReason}
            />
            <NativeCheckbox id={holderId} name="reported_by_holder" checked={byHolder} onChange={setByHolder}>
              {t("card:lifecycle.suspendDialog.holder")}
            </NativeCheckbox>
          </>
        )}
        {dialog === "replace" && (
          <>
            <NativeTextField
              label={t("card:lifecycle.replaceDialog.fee")}
              value={fee}
              onChange={setFee}
              isRequired
              errorMessage={replaceErrors?.fee ? t(replaceErrors.fee) : undefined}
            />
            <NativeTextField
              label={t("card:lifecycle.replaceDialog.reference")}
              value={reference}
              onChange={setReference}
              isRequired
              errorMessage={replaceErrors?.reference ? t(replaceErrors.reference) : undefined}
            />
          </>
        )}
        {dialog !== null && (
          <NativeTextField
            label={t(`card:lifecycle.${dialog}Dialog.note`)}
            value={note}
            onChange={setNote}
            multiline
            errorMessage={context.noteError ? t(context.noteError) : undefined}
          />
        )}
      </FormDialog>

      <h3 className="mt-4 text-base font-semibold">{t("card:lifecycle.timeline.title")}</h3>
      {snapshot.matches({ timeline: "loading" }) && <Spinner label={t("card:lifecycle.timeline.loading")} />}
      {snapshot.matches({ timeline: "failed" }) && (
        <ErrorPanel
          message={t(context.eventsErrorKey ?? "errors:cardsLoadError")}
          onRetry={() => send({ type: "RETRY_TIMELINE" })}
        />
      )}
      {snapshot.matches({ timeline: "ready" }) && (
        <ol className="mt-2 flex flex-col gap-2 border-s-2 border-border ps-4 text-sm" data-testid="card-timeline">
          {context.events.filter((e) => isEventKind(e.kind)).length === 0 && (
            <li>{t("card:lifecycle.timeline.empty")}</li>
          )}
          {context.events
            .filter((e) => isEventKind(e.kind))
            .map((e, i) => {
              const who = agentName(e.by);
              return (
                <li key={`${e.kind}-${e.at}-${i}`}>
                  <span className="tabular-nums text-fg-muted">{formatDateTime(e.at)}</span>{" "}
                  <span className="font-medium">
                    {t(`card:lifecycle.timeline.kind.${e.kind}`, {
                      reason: isSuspendReason(e.reason) ? t(`card:lifecycle.reason.${e.reason}`) : "",
                    })}
                  </span>
                  {who && <> {t("card:lifecycle.timeline.by", { agent: who })}</>}
                  {e.fee_amount !== undefined && e.fee_amount !== null && (
                    <>
                      {" — "}
                      {t("card:lifecycle.timeline.fee", {
                        amount: numberFormat(i18n.language).format(e.fee_amount),
                        reference: e.payment_reference ?? "",
                      })}
                    </>
                  )}
                  {e.note && <> — {e.note}</>}
                </li>
              );
            })}
        </ol>
      )}
    </Section>
  );
}
