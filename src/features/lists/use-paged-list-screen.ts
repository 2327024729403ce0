import { useEffect, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { messageKeyOf } from "../../api/messages";
import { useProvidedMachine } from "../../machines/implementations";
import { createPagedListMachine, pageInfo, type ListQuery, type PagedListContext } from "../../machines/paged-list";
import { useLatest } from "../../ui/use-latest";

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

const viewOf = <T, F>(snapshot: {
  hasTag: (tag: string) => boolean;
  matches: (state: "failed" | "empty") => boolean;
  context: PagedListContext<T, F>;
}): ListView<T, F> => ({
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
    if (live.hasTag("busy") || machineQuery.search !== query.search || !Object.is(machineQuery.filter, query.filter))
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
    /** Rows of the page on display the app could not read (left out of `rows`, src/api/rows.ts). */
    skipped: view.data?.skipped ?? 0,
    /** The query of the rows on display (the URL's may already name the page that is loading). */
    shownQuery: view.dataQuery ?? query,
    info: pageInfo(view),
    errorKey: view.failed ? messageKeyOf(view.error) : null,
    next: () => follow("NEXT_PAGE"),
    previous: () => follow("PREVIOUS_PAGE"),
    retry: () => actorRef.send({ type: "RETRY" }),
    /** Reads the page on display again (new rows arrived meanwhile). */
    refresh: () => actorRef.send({ type: "REFRESH" }),
  };
}
