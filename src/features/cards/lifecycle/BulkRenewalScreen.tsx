import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from "react";
import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useReferenceData } from "../../../app/reference-data";
import { useRuntime } from "../../../app/runtime-context";
import { academicYearEndDay, DEFAULT_VALIDITY_RULES, doualaDay } from "../../../api/card-validity";
import { formatDate } from "../../../i18n/format";
import { optionOf } from "../../../forms/cascade";
import type { AnyKind } from "../../../kinds";
import {
  bulkRenewalMachine,
  refusalReason,
  chosenCards,
  MAX_RENEWAL_CARDS,
  renewalYears,
  type RenewalReport,
} from "../../../machines/bulk-renewal";
import { useProvidedMachine } from "../../../machines/implementations";
import { AlertDialog } from "../../../ui/AlertDialog";
import { RenewalValidation } from "./RenewalValidation";
import { Button } from "../../../ui/Button";
import { Section } from "../../../ui/Card";
import { NativeCheckbox } from "../../../ui/NativeCheckbox";
import { ProgressBar } from "../../../ui/ProgressBar";
import { Spinner } from "../../../ui/Spinner";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../../ui/Table";
import { ErrorPanel } from "../../../ui/ErrorPanel";
import { ListFilter, type FilterOption } from "../../lists/ListFilter";
import { SkippedRowsNotice } from "../../lists/SkippedRowsNotice";
import { useLang } from "../../lists/use-lang";

const ALL = "all";

/**
 * Renewal in bulk (extension `lifecycle`): the kind's expired cards of a faculty or service and academic year,
 * renewed into pending demands in one step, with a progress bar and a report. The machine does the work.
 */
export function BulkRenewalScreen({ kind }: { readonly kind: AnyKind }) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const { config } = useRuntime();
  const { data: reference } = useReferenceData();
  const [snapshot, send] = useMachine(useProvidedMachine(bulkRenewalMachine), {
    input: { kind, ...(config.cardValidity ? { rules: config.cardValidity } : {}) },
  });
  const { context } = snapshot;
  useEffect(() => send({ type: "LOAD", filter: null }), [send]);
  const [yearEnd] = useState(() =>
    academicYearEndDay(doualaDay(Date.now()), config.cardValidity ?? DEFAULT_VALIDITY_RULES),
  );
  // "ahead": the texts of cards still valid, renewed before their end.
  const windowContext = context.window === "ahead" ? { context: "ahead" } : {};
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const done = snapshot.matches("done");
  useEffect(() => {
    if (done) reportHeading.current?.focus();
  }, [done]);

  const filters: FilterOption<string | number>[] = [
    { id: ALL, label: t("card:filter.all") },
    ...(reference?.[kind.cardFilter] ?? []).map((item) => {
      const option = optionOf(item, lang);
      return { id: option.id, label: option.label };
    }),
  ];
  const years = renewalYears(context.candidates);
  const chosen = chosenCards(context);
  const ofYear = context.candidates.filter((c) => c.year === context.year);
  const choosing = snapshot.matches("ready") || snapshot.matches("confirming");
  const renewing = snapshot.hasTag("busy") && !snapshot.matches("loading");
  const reported = done || snapshot.matches("interrupted");

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <h1 id={titleId} className="text-2xl font-semibold">
        {t("card:renewal.title", { kind: t(`${kind.id}:title`) })}
      </h1>
      <p className="max-w-2xl text-fg-muted">{t("card:renewal.intro")}</p>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <ListFilter
          label={t("card:renewal.windowLabel")}
          items={[
            { id: "expired", label: t("card:renewal.window.expired") },
            { id: "ahead", label: t("card:renewal.window.ahead", { date: formatDate(yearEnd) }) },
          ]}
          selectedKey={context.window}
          onChange={(key) => {
            const window = key === "ahead" ? "ahead" : "expired";
            if (window !== context.window && !renewing) send({ type: "CHOOSE_WINDOW", window });
          }}
          className="w-full sm:w-96"
        />
        <ListFilter
          label={t(`card:filter.${kind.cardFilter}`)}
          items={filters}
          selectedKey={context.filter ?? ALL}
          onChange={(key) => {
            const filter = key === ALL ? null : Number(key);
            if (filter !== context.filter && !renewing) send({ type: "LOAD", filter });
          }}
          className="w-full sm:w-72"
        />
        <ListFilter
          label={t("card:renewal.year")}
          items={
            years.length > 0
              ? years.map((year) => ({ id: year, label: year }))
              : [{ id: "", label: t("card:renewal.noYear") }]
          }
          selectedKey={context.year ?? ""}
          onChange={(year) => {
            if (choosing && typeof year === "string" && year !== "") send({ type: "CHOOSE_YEAR", year });
          }}
          className="w-full sm:w-56"
        />
      </div>

      {snapshot.matches("loadFailed") && (
        <ErrorPanel message={t(context.errorKey ?? "errors:cardsLoadError")} onRetry={() => send({ type: "RETRY" })} />
      )}
      {snapshot.matches("loading") && <Spinner label={t("card:renewal.loading", windowContext)} />}

      {choosing && (
        <>
          <p role="status">
            {ofYear.length === 0
              ? t("card:renewal.none", windowContext)
              : t("card:renewal.found", { count: ofYear.length, year: context.year, ...windowContext })}
          </p>
          {context.capped && (
            <p className="text-sm text-fg-muted">{t("card:renewal.capped", { max: MAX_RENEWAL_CARDS })}</p>
          )}
          <SkippedRowsNotice count={context.skipped} textKey="card:skippedRows" />
          {ofYear.length > 0 && (
            <>
              <div>
                <Button isDisabled={chosen.length === 0} onPress={() => send({ type: "RENEW" })}>
                  {t("card:renewal.renew", { count: chosen.length })}
                </Button>
              </div>
              <AlertDialog
                isOpen={snapshot.matches("confirming")}
                onOpenChange={(open) => !open && send({ type: "CANCEL" })}
                title={t("card:renewal.confirm.title", { count: chosen.length })}
                confirmLabel={t("card:renewal.confirm.confirm", { count: chosen.length })}
                variant="primary"
                onConfirm={() => send({ type: "CONFIRM" })}
              >
                {t("card:renewal.confirm.body", { count: chosen.length, year: context.year, ...windowContext })}
              </AlertDialog>
              <Table aria-labelledby={titleId} className="sm:min-w-0!">
                <TableHeader>
                  <Column>{t("card:print.list.selectColumn")}</Column>
                  <Column>{t("card:columns.code")}</Column>
                  <Column>{t("card:columns.register")}</Column>
                  <Column>{t("card:columns.name")}</Column>
                </TableHeader>
                <TableBody items={ofYear} emptyState={t("card:renewal.none", windowContext)}>
                  {(card) => (
                    <Row>
                      <Cell>
                        <NativeCheckbox
                          id={`renew-${card.id}`}
                          name="renew"
                          aria-label={t("card:renewal.select", { code: card.code })}
                          checked={!context.excluded.has(card.id)}
                          onChange={(on) => send({ type: "TOGGLE", id: card.id, on })}
                        />
                      </Cell>
                      <Cell rowHeader className="whitespace-nowrap font-mono">
                        {card.code}
                      </Cell>
                      <Cell>{card.register}</Cell>
                      <Cell>{card.name}</Cell>
                    </Row>
                  )}
                </TableBody>
              </Table>
            </>
          )}
        </>
      )}

      {renewing && (
        <div className="flex max-w-xl flex-col gap-3">
          <ProgressBar
            label={t("card:renewal.renewing")}
            value={context.sent}
            maxValue={Math.max(1, context.queue.length)}
            valueLabel={t("card:renewal.progress", { done: context.sent, total: context.queue.length })}
          />
        </div>
      )}

      {snapshot.matches("interrupted") && (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{t("card:renewal.interrupted", { error: t(context.errorKey ?? "errors:generic") })}</p>
          <Button onPress={() => send({ type: "RESUME" })}>{t("card:renewal.resume")}</Button>
        </div>
      )}

      {reported && (
        <RenewalReportView
          kind={kind}
          report={context.report}
          headingRef={reportHeading}
          actions={
            done ? (
              <>
                <Button variant="secondary" onPress={() => send({ type: "DOWNLOAD" })}>
                  {t("card:renewal.report.download")}
                </Button>
                <Button variant="quiet" onPress={() => send({ type: "RESTART" })}>
                  {t("card:renewal.restart")}
                </Button>
              </>
            ) : null
          }
        />
      )}
    </section>
  );
}

function RenewalReportView({
  kind,
  report,
  headingRef,
  actions,
}: {
  readonly kind: AnyKind;
  readonly report: RenewalReport;
  readonly headingRef: Ref<HTMLHeadingElement>;
  readonly actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t("card:renewal.report.title")} headingRef={headingRef} actions={actions}>
      <p role="status">
        {t("card:renewal.report.summary", { created: report.created.length, refused: report.refused.length })}
      </p>
      {report.refused.length > 0 && (
        <Section title={t("card:renewal.report.refusedTitle")} level={3}>
          <ul className="flex flex-col gap-1">
            {report.refused.map((refusal) => (
              <li key={refusal.card.id}>
                {t("card:renewal.report.refusedRow", {
                  code: refusal.card.code,
                  name: refusal.card.name,
                  detail: refusalReason(t, refusal),
                })}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {actions !== null && report.created.length > 0 && (
        <RenewalValidation
          kind={kind}
          demands={report.created.map(({ card, demandCode, demandId }) => ({
            id: demandId,
            code: demandCode,
            name: card.name,
          }))}
        />
      )}
      {report.created.length > 0 && (
        <Section title={t("card:renewal.report.createdTitle")} level={3}>
          <ul className="flex flex-col gap-1">
            {report.created.map(({ card, demandCode }) => (
              <li key={card.id}>
                {t("card:renewal.report.createdRow", { code: card.code, name: card.name, demand: demandCode })}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </Section>
  );
}
