import { useCallback, useEffect, useId, type ReactNode } from "react";
import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useReferenceData } from "../../app/reference-data";
import { useCapability, useDemoCardToken } from "../../app/runtime-context";
import { labelOf } from "../../forms/cascade";
import { fieldByName } from "../../forms/fields";
import { formatDateTime } from "../../i18n/format";
import type { AnyKind } from "../../kinds";
import {
  canNotifyPrint,
  cardHolderName,
  cardLifecycleMachine,
  printCountOf,
  type AnyCard,
} from "../../machines/card-lifecycle";
import { useProvidedMachine } from "../../machines/implementations";
import { AlertDialog } from "../../ui/AlertDialog";
import { Button } from "../../ui/Button";
import { Section } from "../../ui/Card";
import { Link } from "../../ui/Link";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { StatusBadge } from "../lists/StatusBadge";
import { useLang } from "../lists/use-lang";
import { scalarText } from "../../api/scalar-text";
import { AddToBatch } from "./AddToBatch";
import { CardLifePanel } from "./lifecycle/CardLifePanel";
import { CardStateBadge } from "./lifecycle/CardStateBadge";

export interface CardDetailScreenProps {
  readonly kind: AnyKind;
  readonly id: string;
  /** The signed-in agent, whose print batch the card can join. */
  readonly username?: string;
}

/** The check page of a card in demo mode (docs/spec.md §2 public route check/<kind>/card/<token>). */
export const checkPageHref = (kind: AnyKind, token: string): string =>
  `/check/${kind.id}/card/${encodeURIComponent(token)}`;

/** Who validated the card: first name, else username. */
export const agentOf = (card: AnyCard): string | null => card.validator?.first_name || card.validator?.username || null;

/** Extension `digital-card`: whether the holder opened the card on a phone, and when it was last refreshed there. */
const digitalCardLine = (card: AnyCard, t: TFunction): string =>
  card.digital_issued_at
    ? t("card:digital.dates", {
        issued: formatDateTime(card.digital_issued_at),
        refreshed: formatDateTime(card.digital_refreshed_at ?? card.digital_issued_at),
      })
    : t("card:digital.none");

/**
 * docs/spec.md §2 card detail: a field/value table (§3 card display: status, last update, agent, prints, school, and the
 * kind's own references), the PDF preview with Retry, the print count and Notify Print.
 */
export function CardDetailScreen({ kind, id, username = "" }: CardDetailScreenProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const printId = useId();
  const { data: reference } = useReferenceData();
  const [snapshot, send, actorRef] = useMachine(useProvidedMachine(cardLifecycleMachine), { input: { kind, id } });

  useEffect(() => {
    const done = actorRef.on("notified", () => toast.success(t("card:notifySuccess")));
    const failed = actorRef.on("notifyFailed", (event) =>
      toast.error(
        t("errors:notifyFailed"),
        event.detailKey !== "errors:notifyFailed" ? { description: t(event.detailKey) } : {},
      ),
    );
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actorRef, t]);

  const { card, pdfUrl } = snapshot.context;
  const sending = snapshot.matches({ notify: "sending" }) || snapshot.matches({ notify: "rechecking" });
  const token = useDemoCardToken(kind.id, card?.id);
  const listHref = `/dashboard/${kind.id}/card`;
  const lifecycleOn = useCapability("lifecycle");
  const digitalOn = useCapability("digital-card");
  const refresh = useCallback(() => send({ type: "REFRESH" }), [send]);

  const rows: { readonly label: string; readonly value: ReactNode }[] = [];
  if (card) {
    const record: Readonly<Record<string, unknown>> = card;
    const agent = agentOf(card);
    rows.push(
      { label: t("card:fields.code"), value: <span className="font-mono">{card.code}</span> },
      { label: t("card:fields.register"), value: card.register },
      { label: t("card:fields.name"), value: cardHolderName(card) },
      {
        label: t("card:fields.status"),
        value: lifecycleOn ? (
          <CardStateBadge kind={kind} card={card} />
        ) : card.valid ? (
          <StatusBadge tone="success">{t("common:status.active")}</StatusBadge>
        ) : (
          <StatusBadge tone="neutral">{t("common:status.inactive")}</StatusBadge>
        ),
      },
      { label: t("card:fields.updated"), value: formatDateTime(card.update_at) },
      { label: t("card:agent"), value: agent ?? t("common:notAvailable") },
      { label: t("card:printCount"), value: <span className="tabular-nums">{printCountOf(card)}</span> },
      ...(digitalOn ? [{ label: t("card:digital.label"), value: digitalCardLine(card, t) }] : []),
      {
        label: t("card:fields.school"),
        value:
          (reference && labelOf(reference, "school", record[kind.schoolField], lang)) ??
          scalarText(record[kind.schoolField]),
      },
    );
    for (const [field, list] of Object.entries(kind.refFields)) {
      const value = record[field];
      if (value === undefined || value === null) continue;
      const labelKey = fieldByName(kind.form, field)?.labelKey ?? `registration:fields.${field}`;
      rows.push({
        label: t(labelKey),
        value: (reference && labelOf(reference, list, value, lang)) ?? scalarText(value),
      });
    }
  }

  return (
    <section aria-labelledby={titleId} className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href={listHref} className="w-fit text-sm">
          {t("card:backToList")}
        </Link>
        <h1 id={titleId} className="text-2xl font-semibold">
          {t("card:detailTitle")}
          {/* A real space: screen readers and the document title read "Détails de la carte PCSTUD000031". */}
          {card && (
            <>
              {" "}
              <span className="ms-1 font-mono text-lg text-fg-muted">{card.code}</span>
            </>
          )}
        </h1>
      </div>

      {snapshot.matches({ card: "loading" }) && <Spinner label={t("card:loadingCard")} />}
      {snapshot.matches({ card: "failed" }) && (
        <ErrorPanel
          message={t(snapshot.context.cardErrorKey ?? "errors:cardsLoadError")}
          onRetry={() => send({ type: "RETRY_CARD" })}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="flex flex-col gap-6">
          {card && (
            <Section title={t("card:fieldsTitle")} className="rounded-xl border border-border bg-surface p-4 sm:p-6">
              <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                {rows.map(({ label, value }) => (
                  <div key={label} className="contents">
                    <dt className="font-medium text-fg-muted">{label}</dt>
                    <dd dir="auto" className="break-words">
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            </Section>
          )}

          {card && lifecycleOn && <CardLifePanel kind={kind} card={card} onChanged={refresh} />}

          {card && (
            <Section title={t("card:printTitle")} className="rounded-xl border border-border bg-surface p-4 sm:p-6">
              <p id={printId} aria-live="polite" className="text-sm">
                {t("card:printCountLine", { prints: printCountOf(card) })}
                {" · "}
                {t("card:agentLine", { agent: agentOf(card) ?? t("common:notAvailable") })}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                {canNotifyPrint(card) ? (
                  <Button onPress={() => send({ type: "NOTIFY" })} isPending={sending} aria-describedby={printId}>
                    {sending ? t("card:notifying") : t("card:notifyPrint")}
                  </Button>
                ) : (
                  <p className="text-sm text-fg-muted">{t("card:inactiveNoPrint")}</p>
                )}
                {canNotifyPrint(card) && <AddToBatch kind={kind} card={card} username={username} />}
                <AlertDialog
                  isOpen={snapshot.matches({ notify: "confirmingReprint" })}
                  onOpenChange={(open) => {
                    if (!open) send({ type: "CANCEL_REPRINT" });
                  }}
                  title={t("card:reprint.title")}
                  confirmLabel={t("card:reprint.confirm")}
                  variant="primary"
                  onConfirm={() => send({ type: "CONFIRM_REPRINT" })}
                >
                  {t("card:reprint.body", { count: printCountOf(card) })}
                </AlertDialog>
                {token && (
                  <Link href={checkPageHref(kind, token)} target="_blank" rel="noopener">
                    {t("card:demoCheckLink")}
                  </Link>
                )}
              </div>
            </Section>
          )}
        </div>

        <Section title={t("card:pdfPreview")} className="rounded-xl border border-border bg-surface p-4 sm:p-6">
          {snapshot.matches({ pdf: "loading" }) && <Spinner label={t("card:pdf.loading")} />}
          {snapshot.matches({ pdf: "failed" }) && (
            <ErrorPanel
              message={t("errors:pdfLoadError")}
              detail={
                snapshot.context.pdfErrorKey && snapshot.context.pdfErrorKey !== "errors:pdfLoadError"
                  ? t(snapshot.context.pdfErrorKey)
                  : t("errors:pdfError")
              }
              onRetry={() => send({ type: "RETRY_PDF" })}
            />
          )}
          {snapshot.matches({ pdf: "ready" }) && pdfUrl && (
            <>
              <object
                data={pdfUrl}
                type="application/pdf"
                title={t("card:pdf.title", { code: card?.code ?? "" })}
                aria-label={t("card:pdf.title", { code: card?.code ?? "" })}
                className="h-[26rem] w-full rounded-lg border border-border bg-surface-2 sm:h-[32rem]"
              >
                <p className="p-4 text-sm">{t("card:pdf.fallback")}</p>
              </object>
              <Link href={pdfUrl} download={`${card?.code ?? "card"}.pdf`} className="w-fit">
                {t("card:pdf.download")}
              </Link>
            </>
          )}
        </Section>
      </div>
    </section>
  );
}
