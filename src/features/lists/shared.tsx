import type { Language } from "../../i18n/namespaces";
import { memo, useEffect, useRef, useState, type ReactNode } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../i18n/format";
import { messageKeyOf } from "../../api/messages";
import { useProvidedMachine } from "../../machines/implementations";
import { createPagedListMachine, pageInfo, type ListQuery, type PagedListContext } from "../../machines/paged-list";
import { Spinner, cx } from "../../ui";
import { NativeSearchField } from "../../ui/NativeSearchField";
import { NativeSelect } from "../../ui/NativeSelect";
import { NativeButton } from "../../ui/NativeButton";
import { useLatest } from "../../ui/use-latest";

/** The current UI language as the reference lists and enumerations label it. */
export const useLang = (): Language => {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language ?? "fr").startsWith("en") ? "en" : "fr";
};

/** Debounce of the list search boxes (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface QueryChangeOptions {
  /** Replace the history entry (typing in the search box) instead of pushing one. */
  readonly replace?: boolean;
}

type PagedListMachine<T, F> = ReturnType<typeof createPagedListMachine<T, F>>;

interface ListView<T, F> extends Pick<PagedListContext<T, F>, "query" | "data" | "dataQuery" | "pageSize" | "error"> {
  readonly busy: boolean;
  readonly failed: boolean;
  readonly empty: boolean;
}

const viewOf = <T, F>(snapshot: { hasTag: (tag: string) => boolean; matches: (state: "failed" | "empty") => boolean; context: PagedListContext<T, F> }): ListView<T, F> => ({
  busy: snapshot.hasTag("busy"),
  failed: snapshot.matches("failed"),
  empty: snapshot.matches("empty"),
  query: snapshot.context.query,
  data: snapshot.context.data,
  dataQuery: snapshot.context.dataQuery,
  pageSize: snapshot.context.pageSize,
  error: snapshot.context.error,
});

const sameView = <T, F>(a: ListView<T, F>, b: ListView<T, F>): boolean =>
  a.busy === b.busy &&
  a.failed === b.failed &&
  a.empty === b.empty &&
  a.query === b.query &&
  a.data === b.data &&
  a.dataQuery === b.dataQuery &&
  a.pageSize === b.pageSize &&
  a.error === b.error;

/**
 * A list screen's machine kept in step with the URL: the URL (query) is the source of truth, every change of it
 * becomes SET_QUERY; previous/next follow the server's links (NEXT_PAGE / PREVIOUS_PAGE) and then write the page
 * the machine reached back into the URL, which the machine then ignores as unchanged.
 */
export function usePagedListScreen<T, F>(
  machine: PagedListMachine<T, F>,
  query: ListQuery<F>,
  onQueryChange: (query: ListQuery<F>, options?: QueryChangeOptions) => void,
) {
  // Each shown page reads the next one ahead: an agent's Next shows it as soon as the click lands.
  const actorRef = useActorRef(useProvidedMachine(machine), { input: { query, readAhead: true } });
  // What the screen shows, and nothing else: reading ahead (its start, its answer) renders nothing again.
  const view = useSelector(actorRef, viewOf<T, F>, sameView);
  const change = useLatest(onQueryChange);
  /** The page Previous/Next last wrote into the URL (the machine reached it first; the URL follows a moment later). */
  const followed = useRef<number | null>(null);

  useEffect(() => {
    actorRef.send({ type: "SET_QUERY", search: query.search, filter: query.filter, page: query.page });
  }, [actorRef, query.search, query.filter, query.page]);

  // Once the URL names the page Previous/Next reached, the machine's later moves are its own again.
  useEffect(() => {
    if (followed.current === query.page) followed.current = null;
  }, [query.page]);

  // The machine may fall back to page 1 (the page asked for no longer exists): the URL follows it.
  const settledPage = view.busy ? null : view.query.page;
  useEffect(() => {
    if (settledPage === null || settledPage === query.page || settledPage === followed.current) return;
    const live = actorRef.getSnapshot();
    const machineQuery = live.context.query;
    if (
      live.hasTag("busy") ||
      machineQuery.search !== query.search ||
      !Object.is(machineQuery.filter, query.filter)
    )
      return;
    if (machineQuery.page !== query.page) change.current(machineQuery, { replace: true });
  }, [actorRef, change, settledPage, query.page, query.search, query.filter]);

  const follow = (type: "NEXT_PAGE" | "PREVIOUS_PAGE") => {
    actorRef.send({ type });
    const live = actorRef.getSnapshot();
    // Loading it, waiting for it or showing it already (read ahead): the URL names the page the machine reached.
    if (live.context.query.page !== query.page) {
      followed.current = live.context.query.page;
      change.current(live.context.query);
    }
  };

  return {
    loading: view.busy,
    failed: view.failed,
    empty: view.empty,
    rows: (view.data?.results ?? []) as readonly T[],
    /** The query of the rows on display (the URL's may already name the page that is loading). */
    shownQuery: view.dataQuery ?? query,
    info: pageInfo(view),
    errorKey: view.failed ? messageKeyOf(view.error) : null,
    next: () => follow("NEXT_PAGE"),
    previous: () => follow("PREVIOUS_PAGE"),
    retry: () => actorRef.send({ type: "RETRY" }),
  };
}

interface SearchProps {
  label: string;
  value: string;
  /** Read when the search is sent (the latest one counts: it need not keep its identity across renders). */
  onSearch: (text: string, options?: QueryChangeOptions) => void;
  className?: string;
}

/**
 * The list search box: typed text goes to the URL after SEARCH_DEBOUNCE_MS (Enter at once); a URL change that
 * did not come from here (Back, a link) replaces the text. Changing page does not render it again (nor the
 * filter): an agent's click on "Next" re-renders only what changes, which counts on a slow computer.
 */
export const DebouncedSearchField = memo(
  DebouncedSearch,
  (a, b) => a.label === b.label && a.value === b.value && a.className === b.className,
);

function DebouncedSearch({ label, value, onSearch, className }: SearchProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useLatest(onSearch);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text;
      search.current(text, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, text]);

  return (
    <NativeSearchField
      label={label}
      value={text}
      onChange={setText}
      onSubmit={(submitted) => {
        sent.current = submitted;
        search.current(submitted);
      }}
      onClear={() => {
        sent.current = "";
        search.current("");
      }}
      className={className}
    />
  );
}

/** A filter's choice: its id (a status, a faculty's number…) and its label. */
export interface FilterOption<K extends string | number> {
  readonly id: K;
  readonly label: string;
}

interface FilterProps<K extends string | number> {
  label: string;
  items: readonly FilterOption<K>[];
  selectedKey: K;
  /** Read when the choice changes (the latest one counts: it need not keep its identity across renders). */
  onChange: (key: K) => void;
  className?: string;
}

const sameOptions = <K extends string | number>(a: readonly FilterOption<K>[], b: readonly FilterOption<K>[]) =>
  a.length === b.length && a.every((option, i) => option.id === b[i]?.id && option.label === b[i]?.label);

/** The platform's own select (native on phones; no react-aria in the list's first render, see NativeSearchField). */
function Filter<K extends string | number>({ label, items, selectedKey, onChange, className }: FilterProps<K>) {
  const latest = useLatest(onChange);
  return (
    <NativeSelect
      label={label}
      options={items.map((item) => ({ value: String(item.id), label: item.label }))}
      value={String(selectedKey)}
      onChange={(value) => {
        const chosen = items.find((item) => String(item.id) === value);
        if (chosen) latest.current(chosen.id);
      }}
      className={className}
    />
  );
}

/** A list's filter menu; like the search box, it renders again only when its own choices or value change. */
export const ListFilter = memo(
  Filter,
  (a, b) => a.label === b.label && a.selectedKey === b.selectedKey && a.className === b.className && sameOptions(a.items, b.items),
) as <K extends string | number>(props: FilterProps<K>) => ReactNode;

/** A status shown with words and an icon, never by colour alone. */
export function StatusBadge({ tone, children }: { tone: "success" | "warning" | "neutral"; children: ReactNode }) {
  const styles = {
    success: "border-success-fg/40 bg-success-bg text-success-fg",
    warning: "border-warning-fg/40 bg-warning-bg text-warning-fg",
    neutral: "border-border-strong bg-surface-2 text-fg",
  }[tone];
  const path = { success: "M4 8.5l2.5 2.5L12 5.5", warning: "M8 4.5V8l2.5 1.5", neutral: "M4.5 8h7" }[tone];
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        styles,
      )}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0">
        {tone === "warning" && <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />}
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {children}
    </span>
  );
}

/**
 * Previous or next. Unavailable (no such page) or busy (a page is loading), it stays a focusable button
 * (aria-disabled) that ignores presses: a keyboard user who pressed Next keeps focus there, page after page,
 * where a disabled button would drop focus to the top of the document.
 */
function PagerButton({ available, busy, onPress, children }: { available: boolean; busy: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <NativeButton
      variant="secondary"
      size="sm"
      aria-disabled={!available || busy || undefined}
      data-disabled={!available || undefined}
      className={available && busy ? "cursor-wait" : undefined}
      onClick={available && !busy ? onPress : undefined}
    >
      {children}
    </NativeButton>
  );
}

/** Previous / next with "x of y" (common:pageOf). */
export function Pager({
  page,
  totalPages,
  hasPrevious,
  hasNext,
  busy,
  onPrevious,
  onNext,
}: {
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("common:pagination.label")} className="flex flex-wrap items-center justify-end gap-3">
      <PagerButton available={hasPrevious} busy={busy} onPress={onPrevious}>
        {t("common:actions.previous")}
      </PagerButton>
      <span className="text-sm text-fg-muted tabular-nums" aria-live="polite">
        {t("common:pageOf", { page, total: totalPages })}
      </span>
      <PagerButton available={hasNext} busy={busy} onPress={onNext}>
        {t("common:actions.next")}
      </PagerButton>
    </nav>
  );
}

/** A failure with its message and a Retry button. */
/** Under a list: a spinner while another page loads (the rows stay), and previous/next with "x of y". */
export function ListFooter({
  list,
  initialLoading,
  loadingLabel,
}: {
  list: Pick<ReturnType<typeof usePagedListScreen>, "loading" | "info" | "next" | "previous">;
  initialLoading: boolean;
  loadingLabel: string;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.resolvedLanguage ?? i18n.language);
  const { first, last, count } = list.info;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span className="flex min-h-6 items-center gap-3">
        {count > 0 && (
          <span className="text-sm text-fg-muted tabular-nums">
            {t("common:range", { first: number.format(first), last: number.format(last), count: number.format(count) })}
          </span>
        )}
        {list.loading && !initialLoading && <Spinner size="sm" label={loadingLabel} />}
      </span>
      {list.info.totalPages > 0 && (
        <Pager
          page={list.info.page}
          totalPages={list.info.totalPages}
          hasPrevious={list.info.hasPrevious}
          hasNext={list.info.hasNext}
          busy={list.loading}
          onPrevious={list.previous}
          onNext={list.next}
        />
      )}
    </div>
  );
}

export { ErrorPanel } from "../../ui/ErrorPanel";
