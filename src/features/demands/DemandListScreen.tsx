import { useEffect, useId, useMemo, useState } from "react";
import { useMachine } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { DemandFilter } from "../../api";
import { enumLabel, genders } from "../../api/schemas/enums";
import { formatDateTime } from "../../i18n/format";
import type { AnyKind } from "../../kinds";
import { useCapability } from "../../app/runtime-context";
import { demandListFilter, type DemandListFilter } from "../../machines/demand-list-filter";
import { useProvidedMachine } from "../../machines/implementations";
import { newDemandsMachine } from "../../machines/new-demands";
import { Button } from "../../ui/Button";
import { demandListMachine } from "../../machines/lists";
import { Link } from "../../ui/Link";
import { Spinner } from "../../ui/Spinner";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../ui/Table";
import { demandQueryString, demandSearchOf, isDemandFilter, type DemandListQuery } from "../lists/list-query";
import { DebouncedSearchField } from "../lists/DebouncedSearchField";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { ListFilter } from "../lists/ListFilter";
import { ListFooter } from "../lists/ListFooter";
import { SkippedRowsNotice } from "../lists/SkippedRowsNotice";
import { DemandStatusBadge } from "./DemandStatusBadge";
import { useLang } from "../lists/use-lang";
import { usePagedListScreen, type QueryChangeOptions } from "../lists/use-paged-list-screen";
import { ReceivedFilter } from "./ReceivedFilter";
import { useLatest } from "../../ui/use-latest";

export interface DemandListScreenProps {
  readonly kind: AnyKind;
  /** The query as the URL holds it. */
  readonly query: DemandListQuery;
  /** Writes a new query into the URL (the screen follows the URL). */
  readonly onQueryChange: (query: DemandListQuery, options?: QueryChangeOptions) => void;
}

/** docs/spec.md §2 demand list of one kind: search, status filter, table, previous/next with "x of y". */
export function DemandListScreen({ kind, query, onQueryChange }: DemandListScreenProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  // The route remounts the screen for another kind: one machine for the screen's life.
  // Extension `reject`: "not validated" means waiting for a decision; rejected and corrections have their own filters.
  const rejectOn = useCapability("reject");
  const [machine] = useState(() => demandListMachine(kind, Date.now, rejectOn));
  // Extension `date-filter`: without the capability, dates in the URL are ignored and no control is shown.
  const datesOn = useCapability("date-filter");
  // Without the capability a rejected or correction filter in the URL is the spec's "not validated".
  const status =
    !rejectOn && (query.filter === "rejected" || query.filter === "correction") ? "no_validated" : query.filter;
  const listFilter = demandListFilter(status, datesOn ? (query.dates ?? null) : null);
  const listQuery = useMemo(
    () => ({ search: query.search, filter: listFilter, page: query.page }),
    [query.search, listFilter, query.page],
  );
  // The search box and the status menu render again only when their own value changes: what they send is merged
  // into the URL's query of now, so one never undoes the other (a status chosen while a search waits to be sent).
  const latest = useLatest(query);
  const list = usePagedListScreen(machine, listQuery, (next, options) =>
    onQueryChange({ ...query, search: next.search, filter: next.filter.status, page: next.page }, options),
  );
  const fresh = useNewDemands(kind, rejectOn, query.search, listFilter, list);
  const filters: { id: DemandFilter; label: string }[] = [
    { id: "all", label: t("demand:filter.all") },
    { id: "validated", label: t("demand:filter.validated") },
    { id: "no_validated", label: t("demand:filter.noValidated") },
    ...(rejectOn
      ? [
          { id: "rejected" as const, label: t("demand:filter.rejected") },
          { id: "correction" as const, label: t("demand:filter.correction") },
        ]
      : []),
  ];
  const initialLoading = list.loading && list.rows.length === 0;
  // The rows' links lead back to the page they are shown on, which stays on display while the next one loads.
  const shown = list.shownQuery;
  const returnQuery = demandQueryString(
    demandSearchOf({
      search: shown.search,
      filter: shown.filter.status,
      page: shown.page,
      ...(shown.filter.dates ? { dates: shown.filter.dates } : {}),
    }),
  );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <h1 id={titleId} className="text-2xl font-semibold">
        {t(`${kind.id}:demandsTitle`)}
      </h1>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <DebouncedSearchField
          label={t("demand:searchLabel")}
          value={query.search}
          onSearch={(search, options) => onQueryChange({ ...latest.current, search, page: 1 }, options)}
          className="w-full sm:max-w-md"
        />
        <ListFilter
          label={t("demand:filterLabel")}
          items={filters}
          selectedKey={status}
          onChange={(key) => {
            if (isDemandFilter(key) && key !== latest.current.filter)
              onQueryChange({ ...latest.current, filter: key, page: 1 });
          }}
          className="w-full sm:w-56"
        />
      </div>
      {datesOn && (
        <ReceivedFilter dates={query.dates} onChange={(dates) => onQueryChange({ ...query, dates, page: 1 })} />
      )}

      {fresh > 0 && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-2 p-3 text-sm"
        >
          {t("demand:newDemands.notice", { count: fresh })}
          <Button
            variant="secondary"
            size="sm"
            onPress={() => (latest.current.page === 1 ? list.refresh() : onQueryChange({ ...latest.current, page: 1 }))}
          >
            {t("demand:newDemands.show")}
          </Button>
        </p>
      )}

      {list.failed ? (
        <ErrorPanel message={t(list.errorKey ?? "errors:demandLoadFailed")} onRetry={list.retry} />
      ) : (
        <>
          <Table aria-labelledby={titleId} aria-busy={list.loading || undefined}>
            <TableHeader>
              <Column>{t("demand:columns.code")}</Column>
              <Column>{t("demand:columns.register")}</Column>
              <Column>{t("demand:columns.name")}</Column>
              <Column>{t("demand:columns.gender")}</Column>
              <Column>{t("demand:columns.status")}</Column>
              <Column>{t("demand:columns.date")}</Column>
            </TableHeader>
            <TableBody
              items={list.rows}
              emptyState={initialLoading ? <Spinner label={t("demand:loading")} /> : t("demand:empty")}
              rowsKey={`${kind.id} ${lang} ${returnQuery}`}
            >
              {(demand) => (
                <Row>
                  <Cell rowHeader>
                    <Link
                      href={`/dashboard/${kind.id}/demand/validation/${demand.id}${returnQuery}`}
                      className="font-mono"
                    >
                      {demand.code}
                    </Link>
                  </Cell>
                  <Cell>{demand.register}</Cell>
                  <Cell>{`${demand.lastname} ${demand.firstname}`.trim()}</Cell>
                  <Cell>{enumLabel(genders, demand.gender, lang)}</Cell>
                  <Cell>
                    <DemandStatusBadge
                      validated={demand.validated}
                      rejection={demand.rejection}
                      renews={demand.renews}
                    />
                  </Cell>
                  <Cell className="whitespace-nowrap tabular-nums">{formatDateTime(demand.insert_at)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          <SkippedRowsNotice count={list.skipped} textKey="demand:skippedRows" />
          <ListFooter list={list} initialLoading={initialLoading} loadingLabel={t("demand:loading")} />
        </>
      )}
    </section>
  );
}

/**
 * Demands arrived since the list was read (new-demands.ts): counted again every minute and when the window is back
 * in focus; how many more there are, for the "N new — show" notice.
 */
function useNewDemands(
  kind: AnyKind,
  rejectOn: boolean,
  search: string,
  filter: DemandListFilter,
  list: { readonly loading: boolean; readonly failed: boolean; readonly info: { readonly count: number } },
): number {
  const [snapshot, send] = useMachine(useProvidedMachine(newDemandsMachine), { input: { kind, rejectOn } });
  const settled = !list.loading && !list.failed;
  useEffect(() => {
    if (settled) send({ type: "WATCH", list: { search, filter }, count: list.info.count });
  }, [send, settled, search, filter, list.info.count]);
  useEffect(() => {
    const check = () => send({ type: "CHECK" });
    window.addEventListener("focus", check);
    return () => window.removeEventListener("focus", check);
  }, [send]);
  return snapshot.context.fresh;
}
