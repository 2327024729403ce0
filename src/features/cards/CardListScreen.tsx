import { useEffect, useId, useRef, useState } from "react";
import { useActorRef, useMachine, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useReferenceData } from "../../app/reference-data";
import { useCapability } from "../../app/runtime-context";
import { cardStates, isSuspendReason, type CardState } from "../../api/schemas/lifecycle";
import { optionOf } from "../../forms/cascade";
import { formatDateTime } from "../../i18n/format";
import type { AnyKind } from "../../kinds";
import { cardHolderName, printCountOf, type AnyCard } from "../../machines/card-lifecycle";
import type { ListScope } from "../../machines/card-list-reading";
import { batchCardOf, printPickerMachine, type MatchingScope } from "../../machines/print-picker";
import { MAX_BATCH, addToBatch, readBatch, writeBatch, type BatchCard } from "../../print/batch";
import { useBatchSize } from "../../print/use-batch-size";
import { cardListMachine } from "../../machines/lists";
import { Button } from "../../ui/Button";
import { Link } from "../../ui/Link";
import { NativeCheckbox } from "../../ui/NativeCheckbox";
import { Spinner } from "../../ui/Spinner";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "../../ui/Table";
import { toast } from "../../ui/toast";
import { exportMachine, type ExportFormat } from "../../machines/export";
import { useProvidedMachine } from "../../machines/implementations";
import type { CardListQuery } from "../lists/list-query";
import { printedFilters } from "../../machines/print-status-pages";
import { DebouncedSearchField } from "../lists/DebouncedSearchField";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { ListFilter, type FilterOption } from "../lists/ListFilter";
import { ListFooter } from "../lists/ListFooter";
import { SkippedRowsNotice } from "../lists/SkippedRowsNotice";
import { StatusBadge } from "../lists/StatusBadge";
import { CardStateBadge } from "./lifecycle/CardStateBadge";
import { IssuedFilter } from "./IssuedFilter";
import { useLang } from "../lists/use-lang";
import { usePagedListScreen, type QueryChangeOptions } from "../lists/use-paged-list-screen";
import { useLatest } from "../../ui/use-latest";

const ALL = "all";

export interface CardListScreenProps {
  readonly kind: AnyKind;
  readonly query: CardListQuery;
  readonly onQueryChange: (query: CardListQuery, options?: QueryChangeOptions) => void;
  /** The signed-in agent, whose print batch the list adds to. */
  readonly username?: string;
}

/** docs/spec.md §2 card list of one kind: search, faculty or service filter, table, previous/next with "x of y". */
export function CardListScreen({ kind, query, onQueryChange, username = "" }: CardListScreenProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const { data: reference } = useReferenceData();
  const lifecycleOn = useCapability("lifecycle");
  const datesOn = useCapability("date-filter");
  // Without the capability a state or dates in the URL are not the backend's business: the list is the spec's.
  const state = lifecycleOn ? query.state : null;
  const dates = datesOn ? (query.dates ?? null) : null;
  // The route remounts the screen when the print status or the state changes: one machine (and list read) for the
  // screen's life.
  const [machine] = useState(() => cardListMachine(kind, query.printed, state, dates));
  const stateScope = { ...(state ? { state } : {}), ...(dates ? { dates } : {}) };
  // The search box and the filter menus render again only when their own value changes: what they send is merged
  // into the URL's query of now, so one never undoes another still waiting to be sent.
  const latest = useLatest(query);
  const list = usePagedListScreen(machine, query, (next, options) =>
    onQueryChange({ ...next, printed: query.printed, state: query.state, dates: query.dates ?? null }, options),
  );
  const options: FilterOption<string | number>[] = [
    { id: ALL, label: t("card:filter.all") },
    ...(reference?.[kind.cardFilter] ?? []).map((item) => {
      const option = optionOf(item, lang);
      return { id: option.id, label: option.label };
    }),
  ];
  // A filter id from the URL that the lists do not know yet (still loading) stays selectable.
  if (query.filter !== null && !options.some((option) => option.id === query.filter)) {
    options.push({ id: query.filter, label: String(query.filter) });
  }
  const initialLoading = list.loading && list.rows.length === 0;
  const listExport = useListExport(kind, state);
  const [selected, setSelected] = useState<ReadonlyMap<string, BatchCard>>(new Map());
  // Adding the selection disables its button (nothing is selected any more): focus goes on to the batch's link.
  const batchLink = useRef<HTMLSpanElement>(null);
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added > 0) batchLink.current?.querySelector("a")?.focus();
  }, [added]);
  // What "Select all N matching" took, said once it is done.
  const [matchedNote, setMatchedNote] = useState<string | null>(null);
  const onMatched = useLatest((cards: readonly BatchCard[], capped: boolean) => {
    setSelected(new Map(cards.map((card) => [card.id, card])));
    setMatchedNote(
      capped
        ? t("card:print.list.selectedCapped", { max: MAX_BATCH })
        : t("card:print.list.selectedAll", { count: cards.length }),
    );
  });
  const batch = usePrintBatchAdder(kind, username, onMatched);
  const toggle = (card: AnyCard, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(card.id, batchCardOf(kind, card, query.filter));
      else next.delete(card.id);
      return next;
    });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <h1 id={titleId} className="text-2xl font-semibold">
        {t(`${kind.id}:cardsTitle`)}
      </h1>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <DebouncedSearchField
          label={t("card:searchLabel")}
          value={query.search}
          onSearch={(search, opts) => onQueryChange({ ...latest.current, search, page: 1 }, opts)}
          className="w-full sm:max-w-md"
        />
        <ListFilter
          label={t(`card:filter.${kind.cardFilter}`)}
          items={options}
          selectedKey={query.filter ?? ALL}
          onChange={(key) => {
            const filter = key === ALL || key === null ? null : Number(key);
            if (filter !== latest.current.filter && (filter === null || Number.isInteger(filter)))
              onQueryChange({ ...latest.current, filter, page: 1 });
          }}
          className="w-full sm:w-72"
        />
        <ListFilter
          label={t("card:printedFilter.label")}
          items={printedFilters.map((id) => ({ id, label: t(`card:printedFilter.${id}`) }))}
          selectedKey={query.printed}
          onChange={(key) => {
            const printed = printedFilters.find((id) => id === key);
            if (printed && printed !== latest.current.printed) onQueryChange({ ...latest.current, printed, page: 1 });
          }}
          className="w-full sm:w-56"
        />
        {lifecycleOn && (
          <ListFilter
            label={t("card:stateFilter.label")}
            items={[
              { id: ALL, label: t("card:stateFilter.all") },
              ...cardStates.map((state) => ({ id: state, label: t(`card:lifecycle.state.${state}`) })),
            ]}
            selectedKey={query.state ?? ALL}
            onChange={(key) => {
              const next: CardState | null = cardStates.find((id) => id === key) ?? null;
              if (next !== latest.current.state) onQueryChange({ ...latest.current, state: next, page: 1 });
            }}
            className="w-full sm:w-48"
          />
        )}
        {datesOn && (
          <IssuedFilter dates={dates} onChange={(next) => onQueryChange({ ...query, dates: next, page: 1 })} />
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {list.info.count > 0 && (
          <Button
            variant="secondary"
            isPending={batch.selecting}
            onPress={() =>
              batch.selectMatching({
                search: query.search,
                filter: query.filter,
                printed: query.printed,
                ...stateScope,
              })
            }
          >
            {t("card:print.list.selectAll", { count: list.info.count })}
          </Button>
        )}
        {selected.size > 0 && (
          <Button
            variant="quiet"
            onPress={() => {
              setSelected(new Map());
              setMatchedNote(null);
            }}
          >
            {t("card:print.list.clearSelection")}
          </Button>
        )}
        <Button
          variant="secondary"
          isDisabled={selected.size === 0}
          onPress={() => {
            batch.add([...selected.values()]);
            setSelected(new Map());
            setMatchedNote(null);
            setAdded((count) => count + 1);
          }}
        >
          {t("card:print.list.addSelected", { count: selected.size })}
        </Button>
        <Button
          variant="secondary"
          isPending={batch.collecting}
          onPress={() => batch.addUnprinted({ search: query.search, filter: query.filter, ...stateScope })}
        >
          {batch.collecting ? t("card:print.list.collecting") : t("card:print.list.addUnprinted")}
        </Button>
        <Button
          variant="secondary"
          isPending={listExport.exporting === "csv"}
          aria-describedby={query.search ? `${titleId}-export-note` : undefined}
          onPress={() => listExport.run(query.filter, "csv")}
        >
          {t("card:export.list")}
        </Button>
        <Button
          variant="quiet"
          isPending={listExport.exporting === "excel-fr"}
          aria-label={t("card:export.listExcel")}
          aria-describedby={query.search ? `${titleId}-export-note` : undefined}
          onPress={() => listExport.run(query.filter, "excel-fr")}
        >
          {t("dashboard:export.excel")}
        </Button>
        {batch.size > 0 && (
          <span ref={batchLink}>
            <Link href={`/dashboard/${kind.id}/print`}>{t("card:print.list.openBatch", { count: batch.size })}</Link>
          </span>
        )}
      </div>

      <p role="status" className={matchedNote ? "-mt-2 text-sm text-fg-muted" : "sr-only"}>
        {matchedNote}
      </p>

      {query.search && (
        <p id={`${titleId}-export-note`} className="-mt-2 text-sm text-fg-muted">
          {t("card:export.searchIgnored")}
        </p>
      )}

      {list.failed ? (
        <ErrorPanel message={t(list.errorKey ?? "errors:cardsLoadError")} onRetry={list.retry} />
      ) : (
        <>
          {/* Fitted to the page (1280 px and the side menu): long names wrap, codes and dates stay on one line. */}
          <Table aria-labelledby={titleId} aria-busy={list.loading || undefined} className="sm:min-w-0!">
            <TableHeader>
              <Column>{t("card:print.list.selectColumn")}</Column>
              <Column>{t("card:columns.code")}</Column>
              <Column>{t("card:columns.register")}</Column>
              <Column>{t("card:columns.name")}</Column>
              <Column>{t("card:columns.status")}</Column>
              <Column>{t("card:columns.updated")}</Column>
              <Column>{t("card:columns.prints")}</Column>
            </TableHeader>
            <TableBody
              items={list.rows}
              emptyState={initialLoading ? <Spinner label={t("card:loading")} /> : t("card:empty")}
            >
              {(card) => (
                <Row>
                  <Cell>
                    <NativeCheckbox
                      id={`card-select-${card.id}`}
                      name="select"
                      aria-label={t("card:print.list.select", { code: card.code })}
                      checked={selected.has(card.id)}
                      disabled={!card.valid}
                      onChange={(checked) => toggle(card, checked)}
                    />
                  </Cell>
                  <Cell rowHeader className="whitespace-nowrap">
                    <Link href={`/dashboard/${kind.id}/card/${card.id}`} className="font-mono">
                      {card.code}
                    </Link>
                  </Cell>
                  <Cell>{card.register}</Cell>
                  <Cell>{cardHolderName(card)}</Cell>
                  <Cell>
                    {lifecycleOn ? (
                      <CardStateCell kind={kind} card={card} />
                    ) : card.valid ? (
                      <StatusBadge tone="success">{t("common:status.active")}</StatusBadge>
                    ) : (
                      <StatusBadge tone="neutral">{t("common:status.inactive")}</StatusBadge>
                    )}
                  </Cell>
                  <Cell className="whitespace-nowrap tabular-nums">{formatDateTime(card.update_at)}</Cell>
                  <Cell className="tabular-nums">{printCountOf(card)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          <SkippedRowsNotice count={Math.max(list.skipped, batch.skippedOf(query))} textKey="card:skippedRows" />
          <ListFooter list={list} initialLoading={initialLoading} loadingLabel={t("card:loading")} />
        </>
      )}
    </section>
  );
}

/** Adds cards to the agent's print batch of `kind` (chosen ones, or every unprinted card of the list) and says how many. */
function usePrintBatchAdder(
  kind: AnyKind,
  username: string,
  onMatched: { readonly current: (cards: readonly BatchCard[], capped: boolean) => void },
) {
  const { t } = useTranslation();
  const size = useBatchSize(username, kind.id);
  const [snapshot, send, actor] = useMachine(useProvidedMachine(printPickerMachine), { input: { kind } });
  const add = (cards: readonly BatchCard[]) => {
    const result = addToBatch(readBatch(username, kind.id), cards);
    writeBatch(username, kind.id, result.batch);
    if (result.full) toast.error(t("card:print.list.full", { max: MAX_BATCH }));
    toast.success(t("card:print.list.added", { count: result.added }));
  };
  const latest = useLatest(add);
  useEffect(() => {
    const collected = actor.on("collected", (event) => latest.current(event.cards));
    const matched = actor.on("matched", (event) => onMatched.current(event.cards, event.capped));
    const failed = actor.on("failed", (event) => toast.error(t(event.errorKey)));
    return () => {
      collected.unsubscribe();
      matched.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, latest, onMatched, t]);
  return {
    size,
    add,
    collecting: snapshot.matches("collecting"),
    selecting: snapshot.matches("selecting"),
    selectMatching: (scope: MatchingScope) => send({ type: "SELECT_MATCHING", scope }),
    addUnprinted: (scope: ListScope) => send({ type: "COLLECT_UNPRINTED", scope }),
    /**
     * The rows the last collection could not read, when it read this search and filter (the print status, state and
     * dates remount the screen). It read past the page: the screen says the larger of its count and the page's.
     */
    skippedOf: ({ search, filter }: Pick<ListScope, "search" | "filter">) => {
      const unread = snapshot.context.unread;
      return unread?.scope.search === search && unread.scope.filter === filter ? unread.skipped : 0;
    },
  };
}

/**
 * "Export this list": the kind's CSV export with the list's faculty or service filter (docs/spec.md §7 takes no
 * search) and, with the `lifecycle` extension, its state, as it is or as the CSV for Excel (French) the dashboard also offers. `exporting`: the format under way.
 */
function useListExport(kind: AnyKind, state: CardState | null) {
  const { t } = useTranslation();
  const actor = useActorRef(useProvidedMachine(exportMachine), { input: { target: kind.id } });
  const exporting = useSelector(actor, (s) => (s.hasTag("busy") ? s.context.format : null));
  useEffect(() => {
    const done = actor.on("exported", (event) =>
      toast.success(t("dashboard:export.done", { fileName: event.fileName })),
    );
    const failed = actor.on("exportFailed", (event) => toast.error(t(event.messageKey)));
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, t]);
  return {
    exporting,
    run: (filter: number | null, format: ExportFormat) => actor.send({ type: "EXPORT", filter, format, state }),
  };
}

/** Extension `lifecycle`: the card's state as the detail names it (a renewal marked), a suspension's reason under it. */
function CardStateCell({ kind, card }: { readonly kind: AnyKind; readonly card: AnyCard }) {
  const { t } = useTranslation();
  const reason = card.state === "suspended" && isSuspendReason(card.state_reason) ? card.state_reason : null;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <CardStateBadge kind={kind} card={card} />
      {reason && <span className="text-xs text-fg-muted">{t(`card:lifecycle.reasonLabel.${reason}`)}</span>}
    </span>
  );
}
