import { useId } from "react";
import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActivityItemsQuery } from "../../api";
import { isOneOf } from "../../api/one-of";
import { kindIds } from "../../api/kind-ids";
import { formatDate, formatDateTime } from "../../i18n/format";
import { activityItemsMachine, itemHref } from "../../machines/activity-items";
import { useProvidedMachine } from "../../machines/implementations";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { Link } from "../../ui/Link";
import { Spinner } from "../../ui/Spinner";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../ui/Table";

/**
 * One count of the agents' activity opened (extension `lifecycle`, administrators only; the route guards both): the
 * cards or demands behind it, each linked to its own screen, and the way back to the activity it came from.
 */
export function ActivityItemsScreen({ query }: { readonly query: ActivityItemsQuery }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [snapshot, send] = useMachine(useProvidedMachine(activityItemsMachine), { input: { query } });
  const { items, errorKey } = snapshot.context;
  const what = t(`agent:activity.columns.${query.action}`);
  const days = { from: formatDate(query.from), to: formatDate(query.to) };
  const back = query.agent ? `/dashboard/activity?agent=${encodeURIComponent(query.agent)}` : "/dashboard/activity";

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <h1 id={titleId} className="text-2xl font-semibold">
        {t("agent:activity.items.title", { what })}
      </h1>
      <p className="text-fg-muted">
        {query.agent
          ? t("agent:activity.items.ofAgent", { username: query.agent, ...days })
          : t("agent:activity.items.everyAgent", days)}
      </p>
      <p>
        <Link href={back}>{t("agent:activity.items.back")}</Link>
      </p>
      {snapshot.matches("loading") && <Spinner label={t("agent:activity.loading")} />}
      {snapshot.matches("failed") && (
        <ErrorPanel message={t(errorKey ?? "errors:generic")} onRetry={() => send({ type: "RETRY" })} />
      )}
      {snapshot.matches("ready") && (
        <>
          <p role="status" className="text-sm text-fg-muted">
            {t("agent:activity.items.count", { count: items.length })}
          </p>
          <Table aria-labelledby={titleId} className="sm:min-w-0!">
            <TableHeader>
              <Column>{t("agent:activity.items.columns.code")}</Column>
              <Column>{t("agent:activity.items.columns.what")}</Column>
              <Column>{t("agent:activity.items.columns.register")}</Column>
              <Column>{t("agent:activity.items.columns.name")}</Column>
              <Column>{t("agent:activity.items.columns.at")}</Column>
            </TableHeader>
            <TableBody
              items={items.map((item, index) => ({ id: `${item.item}/${item.id}/${index}`, item }))}
              emptyState={t("agent:activity.items.empty")}
            >
              {({ item }) => {
                const href = itemHref(item);
                const kind = isOneOf(kindIds, item.kind) ? t(`${item.kind}:title`) : item.kind;
                const type =
                  item.item === "card" || item.item === "demand" ? t(`agent:activity.items.${item.item}`) : "";
                return (
                  <Row>
                    <Cell rowHeader className="whitespace-nowrap font-mono">
                      {href ? <Link href={href}>{item.code}</Link> : item.code}
                    </Cell>
                    <Cell>{[type, kind].filter(Boolean).join(" — ")}</Cell>
                    <Cell>{item.register ?? "—"}</Cell>
                    <Cell>{item.name || "—"}</Cell>
                    <Cell className="whitespace-nowrap tabular-nums">{formatDateTime(item.at)}</Cell>
                  </Row>
                );
              }}
            </TableBody>
          </Table>
        </>
      )}
    </section>
  );
}
