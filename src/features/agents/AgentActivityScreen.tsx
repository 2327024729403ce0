import { useId, useState } from "react";
import { useMachine } from "@xstate/react";
import { useCapability } from "../../app/runtime-context";
import { useTranslation } from "react-i18next";
import { doualaDay } from "../../api/card-validity";
import { formatDate } from "../../i18n/format";
import {
  activityCounts,
  agentActivityMachine,
  agentName,
  countOf,
  digitalTotal,
  totalsPerAgent,
  usernameOf,
  type ActivityCount,
} from "../../machines/agent-activity";
import type { ActivityRange } from "../../api";
import { useProvidedMachine } from "../../machines/implementations";
import { Button } from "../../ui/Button";
import { Link } from "../../ui/Link";
import { Section } from "../../ui/Card";
import { Spinner } from "../../ui/Spinner";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../ui/Table";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { NativeDayInput } from "../../ui/NativeDayInput";

/**
 * The agents' activity (extension `lifecycle`, administrators only; the route guards both): by day and agent, then
 * totals per agent, for a range of days, exportable as a CSV for Excel. The machine reads and exports.
 */
export function AgentActivityScreen({ agent = null }: { readonly agent?: string | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [today] = useState(() => doualaDay(Date.now()));
  const digital = useCapability("digital-card");
  const [snapshot, send] = useMachine(useProvidedMachine(agentActivityMachine), {
    input: { today, agent, digital },
  });
  const { context } = snapshot;
  const ready = snapshot.matches("ready");
  const totals = totalsPerAgent(context.rows);
  const day = (value: string) => formatDate(value);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <h1 id={titleId} className="text-2xl font-semibold">
        {t("agent:activity.title")}
      </h1>
      <p className="max-w-2xl text-fg-muted">{t("agent:activity.intro")}</p>
      {agent && (
        <p className="flex flex-wrap items-center gap-3">
          <span className="font-medium">{t("agent:activity.ofAgent", { username: agent })}</span>
          <Link href="/dashboard/activity">{t("agent:activity.everyAgent")}</Link>
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <NativeDayInput
          label={t("agent:activity.from")}
          value={context.range.from}
          max={context.range.to || undefined}
          onChange={(from) => send({ type: "SET_RANGE", range: { ...context.range, from } })}
          className="w-full sm:w-44"
        />
        <NativeDayInput
          label={t("agent:activity.to")}
          value={context.range.to}
          min={context.range.from || undefined}
          onChange={(to) => send({ type: "SET_RANGE", range: { ...context.range, to } })}
          className="w-full sm:w-44"
        />
        <Button
          variant="secondary"
          isDisabled={!ready || context.rows.length === 0}
          onPress={() => send({ type: "EXPORT" })}
        >
          {t("agent:activity.export")}
        </Button>
      </div>
      {context.rangeError && (
        <p role="alert" className="text-sm text-danger-text">
          {t(context.rangeError)}
        </p>
      )}

      {snapshot.matches("failed") && (
        <ErrorPanel message={t(context.errorKey ?? "errors:generic")} onRetry={() => send({ type: "RETRY" })} />
      )}
      {snapshot.matches("loading") && <Spinner label={t("agent:activity.loading")} />}

      {ready && (
        <>
          <p role="status" className="text-sm text-fg-muted">
            {context.shown && t("agent:activity.shown", { from: day(context.shown.from), to: day(context.shown.to) })}
            {context.rows.length === 0 && ` ${t("agent:activity.empty")}`}
          </p>
          {context.rows.length > 0 && (
            <>
              <Section title={t("agent:activity.totals")}>
                <Table aria-label={t("agent:activity.totals")} className="sm:min-w-0!">
                  <TableHeader>
                    <Column>{t("agent:activity.columns.agent")}</Column>
                    {activityCounts.map((key) => (
                      <Column key={key}>{t(`agent:activity.columns.${key}`)}</Column>
                    ))}
                  </TableHeader>
                  <TableBody items={totals.map((entry) => ({ ...entry, id: entry.username }))}>
                    {(entry) => (
                      <Row>
                        <Cell rowHeader>{entry.name}</Cell>
                        {activityCounts.map((key) => (
                          <Cell key={key} className="tabular-nums">
                            <CountLink
                              count={entry.counts[key]}
                              href={itemsHref(key, context.shown ?? context.range, entry.username)}
                            />
                          </Cell>
                        ))}
                      </Row>
                    )}
                  </TableBody>
                </Table>
                {digital && agent === null && (
                  <p className="text-sm">{t("agent:activity.digitalTotal", { count: digitalTotal(context.rows) })}</p>
                )}
              </Section>
              <Section title={t("agent:activity.byDay")}>
                <Table aria-label={t("agent:activity.byDay")} className="sm:min-w-0!">
                  <TableHeader>
                    <Column>{t("agent:activity.columns.day")}</Column>
                    <Column>{t("agent:activity.columns.agent")}</Column>
                    {activityCounts.map((key) => (
                      <Column key={key}>{t(`agent:activity.columns.${key}`)}</Column>
                    ))}
                    {context.digital && <Column>{t("agent:activity.columns.digital")}</Column>}
                  </TableHeader>
                  <TableBody items={context.rows.map((row) => ({ ...row, id: `${row.day}/${usernameOf(row)}` }))}>
                    {(row) => (
                      <Row>
                        <Cell className="whitespace-nowrap tabular-nums">{day(row.day)}</Cell>
                        <Cell rowHeader>{agentName(row)}</Cell>
                        {activityCounts.map((key) => (
                          <Cell key={key} className="tabular-nums">
                            <CountLink
                              count={countOf(row, key)}
                              href={itemsHref(key, { from: row.day, to: row.day }, usernameOf(row))}
                            />
                          </Cell>
                        ))}
                        {context.digital && <Cell className="tabular-nums">{countOf(row, "digital")}</Cell>}
                      </Row>
                    )}
                  </TableBody>
                </Table>
              </Section>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Where a count opens its items: the drill-down page of that action, range and agent. */
const itemsHref = (action: ActivityCount, range: ActivityRange, agent: string): string =>
  `/dashboard/activity/items?${new URLSearchParams({ from: range.from, to: range.to, action, agent }).toString()}`;

/** A count that opens the list of its items; 0 has none to open. */
function CountLink({ count, href }: { readonly count: number; readonly href: string }) {
  return count === 0 ? <>{count}</> : <Link href={href}>{count}</Link>;
}
