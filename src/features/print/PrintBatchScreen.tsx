import { useEffect, useId, useRef, useState } from "react";
import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useReferenceData } from "../../app/reference-data";
import { optionOf } from "../../forms/cascade";
import { formatDate, numberFormat } from "../../i18n/format";
import type { AnyKind } from "../../kinds";
import { useProvidedMachine } from "../../machines/implementations";
import { printBatchMachine, toNotify } from "../../machines/print-batch";
import { MAX_BATCH, type BatchCard } from "../../print/batch";
import { gridOf, type PrintSettings } from "../../print/settings";
import { AlertDialog } from "../../ui/AlertDialog";
import { Button } from "../../ui/Button";
import { Section } from "../../ui/Card";
import { Link } from "../../ui/Link";
import { NativeCheckbox } from "../../ui/NativeCheckbox";
import { ProgressBar } from "../../ui/ProgressBar";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../ui/Table";
import { useLang } from "../lists/use-lang";
import { FirstSlotPicker } from "./FirstSlotPicker";
import { SheetSettingsForm } from "./SheetSettingsForm";

export interface PrintBatchScreenProps {
  readonly kind: AnyKind;
  readonly username: string;
  readonly cards: readonly BatchCard[];
  /** How many cards the stored batch held: more than `cards` when it was cut to MAX_BATCH (tampered with). */
  readonly storedCount?: number;
  readonly settings: PrintSettings;
}

/** An object URL for the sheets while they are shown, revoked when they change or the screen closes. */
const useObjectUrl = (bytes: Uint8Array | null): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) {
      // oxlint-disable-next-line react/set-state-in-effect -- the URL is an external resource, made and revoked with the bytes
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [bytes]);
  return url;
};

/**
 * The print batch of one kind (issue: print production): its cards, the sheet layout, "Make sheets" with
 * progress, then which cards printed well and "Confirm printed" (one notify_print each).
 */
export function PrintBatchScreen({
  kind,
  username,
  cards,
  storedCount = cards.length,
  settings,
}: PrintBatchScreenProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const { data: reference } = useReferenceData();
  // The day the screen opened: the sheets' footer prints it and the PDF's file name carries it.
  const [openedAt] = useState(() => new Date().toISOString());
  const today = formatDate(openedAt);
  const [snapshot, send] = useMachine(useProvidedMachine(printBatchMachine), {
    input: { kind, username, cards, settings, date: today },
  });
  const context = snapshot.context;
  const sheetsUrl = useObjectUrl(context.sheets);
  const groupLabel = (group: number | null) => {
    if (group === null) return "";
    const item = reference?.[kind.cardFilter]?.find((entry) => entry.id === group);
    return item ? optionOf(item, lang).label : String(group);
  };
  const editing = snapshot.matches("editing");
  const working = snapshot.matches("fetching") || snapshot.matches("composing");
  const failures = Object.entries(context.pdfFailures);
  const byId = new Map(context.cards.map((card) => [card.id, card]));
  const fileName = `${t("card:print.fileName")}-${kind.id}-${openedAt.slice(0, 10)}.pdf`;

  // Focus follows the work (src/ui/README.md, "Focus"): the control it was on goes away at each stage.
  const batchHeading = useRef<HTMLHeadingElement>(null);
  const sheetsHeading = useRef<HTMLHeadingElement>(null);
  const printedHeading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLDivElement>(null);
  const stage = snapshot.matches("printed")
    ? "printed"
    : snapshot.matches("sheets") || snapshot.matches("notifying")
      ? "sheets"
      : working
        ? "working"
        : "editing";
  const lastStage = useRef(stage);
  useEffect(() => {
    const from = lastStage.current;
    lastStage.current = stage;
    if (from === stage) return;
    const target = { printed: printedHeading, sheets: sheetsHeading, working: cancelButton, editing: batchHeading }[
      stage
    ];
    const element = target.current;
    (element instanceof HTMLDivElement ? element.querySelector("button") : element)?.focus();
  }, [stage]);
  // Said as the work goes: which part is running, then what came of it (the outcomes below are shown, not spoken).
  const spoken =
    stage === "working"
      ? snapshot.matches("composing")
        ? t("card:print.composing")
        : t("card:print.fetching")
      : stage === "sheets"
        ? `${t("card:print.sheetsTitle")}. ${t("card:print.sheetsReady", { count: context.sheetCards.length })}`
        : "";

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 id={titleId} className="text-2xl font-semibold">
          {t(`${kind.id}:printTitle`)}
        </h1>
        <p className="text-fg-muted">{t("card:print.intro")}</p>
      </div>
      <p role="status" className="sr-only">
        {spoken}
      </p>

      {storedCount > cards.length && (
        <p role="status" className="rounded-lg bg-warning-bg p-3 text-sm text-warning-fg">
          {t("card:print.batchCut", { stored: numberFormat(lang).format(storedCount), max: MAX_BATCH })}
        </p>
      )}

      {snapshot.matches("printed") ? (
        <Section
          title={t("card:print.printedTitle")}
          headingRef={printedHeading}
          className="rounded-xl border border-border bg-surface p-4 sm:p-6"
        >
          <p role="status">
            {t("card:print.printedBody", { count: Object.keys(context.notified).length })}{" "}
            {context.cards.length > 0 && t("card:print.leftInBatch", { count: context.cards.length })}
          </p>
          <div>
            <Button variant="secondary" onPress={() => send({ type: "EDIT_BATCH" })}>
              {t("card:print.backToBatch")}
            </Button>
          </div>
        </Section>
      ) : (
        <>
          <Section
            title={t("card:print.batchTitle", { count: context.cards.length })}
            headingRef={batchHeading}
            className="rounded-xl border border-border bg-surface p-4 sm:p-6"
            actions={
              editing && context.cards.length > 0 ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onPress={() => send({ type: "SORT", order: "name", locale: lang })}
                  >
                    {t("card:print.sortByName")}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onPress={() => send({ type: "SORT", order: "code", locale: lang })}
                  >
                    {t("card:print.sortByCode")}
                  </Button>
                  <Button variant="secondary" size="sm" onPress={() => send({ type: "CLEAR" })}>
                    {t("card:print.clear")}
                  </Button>
                </div>
              ) : undefined
            }
          >
            {context.cards.length === 0 ? (
              <p className="text-fg-muted">
                {t("card:print.empty")} <Link href={`/dashboard/${kind.id}/card`}>{t("card:print.toCardList")}</Link>
              </p>
            ) : (
              // Shrinks to its box (names and faculties wrap) rather than scroll sideways at 1280 px.
              <Table aria-label={t("card:print.batchTable")} className="sm:min-w-0!">
                <TableHeader>
                  <Column>{t("card:columns.code")}</Column>
                  <Column>{t("card:columns.name")}</Column>
                  <Column>{t(`card:filter.${kind.cardFilter}`)}</Column>
                  <Column>{t("card:columns.prints")}</Column>
                  <Column>{editing ? t("card:print.actions") : t("card:print.pdfColumn")}</Column>
                </TableHeader>
                <TableBody items={context.cards}>
                  {(card) => (
                    <Row>
                      <Cell rowHeader className="font-mono whitespace-nowrap">
                        {card.code}
                      </Cell>
                      <Cell>{card.name}</Cell>
                      <Cell>{groupLabel(card.group)}</Cell>
                      <Cell className="tabular-nums">
                        {card.printCount > 0 ? (
                          <span className="font-semibold text-warning-text">
                            {t("card:print.printedBefore", { count: card.printCount })}
                          </span>
                        ) : (
                          card.printCount
                        )}
                      </Cell>
                      <Cell className="whitespace-nowrap">
                        {editing ? (
                          <Button
                            variant="quiet"
                            size="sm"
                            aria-label={t("card:print.removeCard", { code: card.code })}
                            onPress={() => send({ type: "REMOVE", id: card.id })}
                          >
                            {t("card:print.remove")}
                          </Button>
                        ) : card.id in context.pdfFailures ? (
                          <span className="text-danger-text">{t("card:print.pdfFailed")}</span>
                        ) : card.id in context.pdfs ? (
                          t("card:print.pdfReady")
                        ) : (
                          t("card:print.pdfWaiting")
                        )}
                      </Cell>
                    </Row>
                  )}
                </TableBody>
              </Table>
            )}
          </Section>

          {editing && (
            <SheetSettingsForm
              settings={context.settings}
              onChange={(next) => send({ type: "SETTINGS", settings: next })}
            >
              <FirstSlotPicker
                grid={gridOf(context.settings)}
                firstSlot={context.firstSlot}
                cards={context.cards.length}
                onChange={(slot) => send({ type: "FIRST_SLOT", slot })}
              />
            </SheetSettingsForm>
          )}

          {context.composeErrorKey && (
            <p role="alert" className="text-danger-text">
              {t(context.composeErrorKey)}
            </p>
          )}

          {editing && (
            <div>
              <Button isDisabled={context.cards.length === 0} onPress={() => send({ type: "MAKE_SHEETS" })}>
                {t("card:print.makeSheets", { count: context.cards.length })}
              </Button>
            </div>
          )}

          {working && (
            <div className="flex max-w-xl flex-col gap-3">
              <ProgressBar
                label={snapshot.matches("composing") ? t("card:print.composing") : t("card:print.fetching")}
                value={context.progress.done}
                maxValue={Math.max(1, context.progress.total)}
                valueLabel={t("card:print.progress", { done: context.progress.done, total: context.progress.total })}
                isIndeterminate={snapshot.matches("composing")}
              />
              <div ref={cancelButton}>
                <Button variant="secondary" onPress={() => send({ type: "CANCEL" })}>
                  {t("card:print.cancel")}
                </Button>
              </div>
            </div>
          )}

          {failures.length > 0 && !working && (
            <div role="alert" className="flex flex-col gap-2 rounded-lg border border-danger-border bg-danger-soft p-4">
              <p className="font-semibold">{t("card:print.failedTitle", { count: failures.length })}</p>
              <ul className="list-disc ps-5">
                {failures.map(([id, key]) => (
                  <li key={id}>
                    <span className="font-mono">{byId.get(id)?.code ?? id}</span> — {t(key)}
                  </li>
                ))}
              </ul>
              {snapshot.matches("sheets") && (
                <div>
                  <Button variant="secondary" onPress={() => send({ type: "RETRY_FAILED" })}>
                    {t("card:print.retryFailed")}
                  </Button>
                </div>
              )}
            </div>
          )}

          {(snapshot.matches("sheets") || snapshot.matches("notifying")) && (
            <Section
              title={t("card:print.sheetsTitle")}
              headingRef={sheetsHeading}
              className="rounded-xl border border-border bg-surface p-4 sm:p-6"
            >
              <p>{t("card:print.sheetsReady", { count: context.sheetCards.length })}</p>
              <p className="text-sm text-fg-muted">{t("card:print.sheetsKept")}</p>
              {sheetsUrl && (
                <div className="flex flex-wrap gap-3">
                  <Link variant="primary" href={sheetsUrl} download={fileName}>
                    {t("card:print.download")}
                  </Link>
                  <Link href={sheetsUrl} target="_blank" rel="noopener">
                    {t("card:print.open")}
                  </Link>
                </div>
              )}
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 font-semibold">{t("card:print.whichPrinted")}</legend>
                {context.sheetCards.map((card) => {
                  const id = card.id;
                  const done = id in context.notified;
                  return (
                    <NativeCheckbox
                      key={id}
                      id={`print-good-${id}`}
                      name="good"
                      checked={done || context.good[id] !== false}
                      disabled={done || snapshot.matches("notifying")}
                      onChange={(good) => send({ type: "TOGGLE_GOOD", id, good })}
                    >
                      <span className="font-mono">{card.code}</span> {card.name}
                      {done && <> — {t("card:print.counted")}</>}
                      {id in context.notifyFailures && (
                        <span className="text-danger-text">
                          {" "}
                          — {t(context.notifyFailures[id] ?? "errors:notifyFailed")}
                        </span>
                      )}
                    </NativeCheckbox>
                  );
                })}
              </fieldset>
              {snapshot.matches("notifying") && (
                <p role="status">
                  {t("card:print.notifyProgress", {
                    done: Object.keys(context.notified).length,
                    total: context.sheetCards.length,
                  })}
                </p>
              )}
              <div className="flex flex-wrap gap-3">
                <Button
                  isPending={snapshot.matches("notifying")}
                  isDisabled={toNotify(context).length === 0}
                  onPress={() => send({ type: "CONFIRM_PRINTED" })}
                >
                  {t("card:print.confirm", { count: toNotify(context).length })}
                </Button>
                <Button
                  variant="secondary"
                  isDisabled={snapshot.matches("notifying")}
                  onPress={() => send({ type: "EDIT_BATCH" })}
                >
                  {t("card:print.backToBatch")}
                </Button>
              </div>
              <AlertDialog
                isOpen={snapshot.matches({ sheets: "asking" })}
                onOpenChange={(open) => {
                  if (!open) send({ type: "KEEP_SHEETS" });
                }}
                title={t("card:print.discard.title")}
                confirmLabel={t("card:print.discard.confirm")}
                cancelLabel={t("card:print.discard.cancel")}
                onConfirm={() => send({ type: "DISCARD_SHEETS" })}
              >
                {t("card:print.discard.body", { count: context.sheetCards.length })}
              </AlertDialog>
            </Section>
          )}
        </>
      )}
    </section>
  );
}
