import { assertEvent, assign, fromPromise, setup } from "xstate";
import { isApiError, type Page } from "../api";

/**
 * One list screen's state (docs/spec.md §2: demand lists, card lists; also the agents list): a query (search, filter,
 * page) the screen mirrors in the URL, the server's page (count, results, next, previous) and "x of y".
 *
 * loading → ready | empty | failed (RETRY). SET_QUERY with a new search or filter goes back to page 1;
 * NEXT_PAGE / PREVIOUS_PAGE follow the server's links and exist only when the server gave one. An answer to an
 * earlier request never lands: every new request re-enters `loading`, which stops the running fetch (its
 * AbortSignal fires and its answer is dropped by XState).
 *
 * With `readAhead`, a ready page that has a next one reads it in the background (ready.readingAhead): NEXT_PAGE
 * then shows it at once (ready.aheadRead), or, pressed while it is still coming, waits for that same answer
 * (busy) instead of asking again. A page read ahead is shown only within READ_AHEAD_MAX_AGE_MS of its reading;
 * after that, or when the reading failed, NEXT_PAGE asks the server as usual. An agent paging through hundreds
 * of demands sees the next page as soon as the click lands, on a slow computer too.
 *
 * What to list is the `fetchPage` actor: each list provides it (`pageFetcher`), see `lists.ts` and `agents.ts`.
 */

/** How long after a page is shown its next page is read ahead (ms): the page is drawn first. */
export const READ_AHEAD_DELAY_MS = 100;

/** How long a page read ahead may wait to be shown: older, the server is asked again (ms). */
export const READ_AHEAD_MAX_AGE_MS = 60_000;

export interface ListQuery<F> {
  readonly search: string;
  readonly filter: F;
  /** 1-based page number, shown as "x" of "x of y" and mirrored in the URL. */
  readonly page: number;
}

/** What a fetch receives: the query, and the server link to follow as-is when paging (null otherwise). */
export interface ListRequest<F> extends ListQuery<F> {
  readonly link: string | null;
}

export type FetchPage<T, F> = (request: ListRequest<F>, signal: AbortSignal) => Promise<Page<T>>;

/** A list's `fetchPage` actor, for `.provide({ actors: { fetchPage: pageFetcher(…) } })`. */
export const pageFetcher = <T, F>(fetch: FetchPage<T, F>) =>
  fromPromise<Page<T>, ListRequest<F>>(({ input, signal }) => fetch(input, signal));

export interface PagedListInput<F> {
  /** The starting query, e.g. read from the URL; search defaults to "" and page to 1. */
  readonly query: { readonly filter: F; readonly search?: string; readonly page?: number };
  /** Read the next page in the background once a page is shown (list screens); off by default. */
  readonly readAhead?: boolean;
}

export interface PagedListContext<T, F> {
  readonly query: ListQuery<F>;
  /** The next/previous link the current request follows; null when the request is built from the query. */
  readonly link: string | null;
  /** The last page received; kept while the next one loads so the screen can keep rows on display. */
  readonly data: Page<T> | null;
  /** The query `data` answers: while another page loads, the rows on display still belong to it. */
  readonly dataQuery: ListQuery<F> | null;
  /** Length of a full page (a page that has a next link); the spec does not give it (the demo uses 10). */
  readonly pageSize: number | null;
  readonly error: unknown;
  readonly readAhead: boolean;
  /** The page after `data`, read ahead, with the link it answers (data's `next` when it was read). */
  readonly ahead: { readonly link: string; readonly page: Page<T> } | null;
  /** NEXT_PAGE came while the page ahead was being read: its answer is shown when it lands. */
  readonly aheadAsked: boolean;
}

export type PagedListEvent<F> =
  | { readonly type: "SET_QUERY"; readonly search?: string; readonly filter?: F; readonly page?: number }
  | { readonly type: "NEXT_PAGE" }
  | { readonly type: "PREVIOUS_PAGE" }
  | { readonly type: "REFRESH" }
  | { readonly type: "RETRY" };

const normalizePage = (page: number | undefined): number =>
  page !== undefined && Number.isInteger(page) && page >= 1 ? page : 1;

/** The `page` parameter of a server link; null when the link carries none (DRF drops it for page 1). */
export const pageFromLink = (link: string): number | null => {
  try {
    const raw = new URL(link, "http://localhost").searchParams.get("page");
    if (raw === null) return null;
    const page = Number(raw);
    return Number.isInteger(page) && page >= 1 ? page : null;
  } catch {
    return null;
  }
};

/** The query and link of the page after the one on display (its server link, else the page number plus one). */
const nextOf = <T, F>(context: PagedListContext<T, F>) => {
  const link = context.data?.next ?? null;
  const page = (link === null ? null : pageFromLink(link)) ?? context.query.page + 1;
  return { link, query: { ...context.query, page } };
};

/** The page read ahead when it is the one after the page on display, else null. */
const fittingAhead = <T, F>(context: PagedListContext<T, F>): Page<T> | null =>
  context.ahead !== null && context.ahead.link === context.data?.next ? context.ahead.page : null;

/** What a page answered for the current query changes: it is on display from now on, nothing is read ahead of it yet. */
const shown = <T, F>(context: PagedListContext<T, F>, page: Page<T>) => ({
  data: page,
  dataQuery: context.query,
  error: null,
  ahead: null,
  aheadAsked: false,
  // A page with a next one is full: it gives the page size (its rows left out unread count too).
  pageSize:
    page.next !== null && page.results.length > 0 ? page.results.length + (page.skipped ?? 0) : context.pageSize,
});

/**
 * Total pages for "x of y". The last page is known exactly (no next link); otherwise the count divided by the
 * size of a full page, never less than the next page that the server says exists.
 */
export const totalPages = (data: Page<unknown> | null, page: number, pageSize: number | null): number => {
  if (data === null || data.count <= 0) return 0;
  if (data.next === null) return page;
  const size = pageSize ?? data.results.length;
  return size > 0 ? Math.max(Math.ceil(data.count / size), page + 1) : page + 1;
};

export interface PageInfo {
  /** "x" of "x of y". */
  readonly page: number;
  /** "y" of "x of y"; 0 for an empty list. */
  readonly totalPages: number;
  /** DRF's `count`: every item of the query, on all pages. */
  readonly count: number;
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
  /** 1-based positions of this page's first and last items within `count` ("21–30 of 182"); 0 when empty. */
  readonly first: number;
  readonly last: number;
}

/**
 * Where this page's items sit among all of them. A page with a next one is full, so it gives the page size; the
 * last page ends at `count` (the server's size need not be known).
 */
const rangeOf = (data: Page<unknown> | null, page: number): { first: number; last: number } => {
  const rows = data?.results.length ?? 0;
  if (!data || rows === 0) return { first: 0, last: 0 };
  const first = data.next ? (page - 1) * rows + 1 : Math.max(1, data.count - rows + 1);
  return { first, last: first + rows - 1 };
};

export const pageInfo = (
  context: Pick<PagedListContext<unknown, unknown>, "data" | "query" | "pageSize">,
): PageInfo => ({
  page: context.query.page,
  totalPages: totalPages(context.data, context.query.page, context.pageSize),
  count: context.data?.count ?? 0,
  hasNext: Boolean(context.data?.next),
  hasPrevious: Boolean(context.data?.previous),
  ...rangeOf(context.data, context.query.page),
});

/** A plain array answer (agents) as a single page, so the same machine lists it. */
export const unpaged = <T>(items: ReadonlyArray<T>): Page<T> => ({
  count: items.length,
  results: items,
  next: null,
  previous: null,
});

/**
 * A machine for items of type T filtered by F (DemandFilter for demands, a faculty/service id or null for cards),
 * named `id` (tests provide a screen's list by it). Its `fetchPage` has no default: a list is only ever one of
 * those its users provide.
 */
export const createPagedListMachine = <T, F>(id: string) =>
  setup({
    /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
    types: {
      context: {} as PagedListContext<T, F>,
      events: {} as PagedListEvent<F>,
      input: {} as PagedListInput<F>,
    },
    /* oxlint-enable typescript/no-unsafe-type-assertion */
    actors: {
      fetchPage: pageFetcher<T, F>(() => Promise.reject(new Error(`${id}: no fetchPage provided`))),
    },
    delays: {
      readAheadDelay: READ_AHEAD_DELAY_MS,
      readAheadMaxAge: READ_AHEAD_MAX_AGE_MS,
    },
    guards: {
      queryChanged: ({ context, event }) => {
        assertEvent(event, "SET_QUERY");
        return (
          (event.search !== undefined && event.search !== context.query.search) ||
          (event.filter !== undefined && !Object.is(event.filter, context.query.filter)) ||
          (event.page !== undefined && normalizePage(event.page) !== context.query.page)
        );
      },
      hasNext: ({ context }) => Boolean(context.data?.next),
      hasPrevious: ({ context }) => Boolean(context.data?.previous),
      readsAhead: ({ context }) => context.readAhead && Boolean(context.data?.next),
      isEmpty: (_, { page }: { readonly page: Page<T> }) => page.results.length === 0,
      /** A page past the end (the list shrank, or a stale URL): DRF answers 404 "Invalid page.". */
      pageGone: ({ context }, { error }: { readonly error: unknown }) =>
        context.query.page > 1 && isApiError(error) && error.kind === "notFound",
      askedAhead: ({ context }) => context.aheadAsked,
      askedAheadEmpty: ({ context }, { page }: { readonly page: Page<T> }) =>
        context.aheadAsked && page.results.length === 0,
      /** The page read ahead is the one after the page on display. */
      aheadFits: ({ context }) => fittingAhead(context) !== null,
      /** …and it came back empty (the list shrank meanwhile). */
      aheadEmpty: ({ context }) => fittingAhead(context)?.results.length === 0,
    },
    actions: {
      /** A page answered for the current query: on display from now on. */
      show: assign(({ context }, { page }: { readonly page: Page<T> }) => shown(context, page)),
      toNextPage: assign(({ context }) => nextOf(context)),
      /** The page read ahead, on display now (after toNextPage: the query is already the next page's). */
      showAhead: assign(({ context }) => (context.ahead === null ? {} : shown(context, context.ahead.page))),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      query: { search: input.query.search ?? "", filter: input.query.filter, page: normalizePage(input.query.page) },
      link: null,
      data: null,
      dataQuery: null,
      pageSize: null,
      error: null,
      readAhead: input.readAhead ?? false,
      ahead: null,
      aheadAsked: false,
    }),
    initial: "loading",
    on: {
      SET_QUERY: {
        guard: "queryChanged",
        target: ".loading",
        reenter: true,
        actions: assign(({ context, event }) => {
          const search = event.search ?? context.query.search;
          const filter = event.filter !== undefined ? event.filter : context.query.filter;
          const sameList = search === context.query.search && Object.is(filter, context.query.filter);
          // A new search or filter starts over at page 1; a page alone (URL back/forward) keeps the rest.
          const page = sameList ? normalizePage(event.page ?? context.query.page) : 1;
          return { query: { search, filter, page }, link: null };
        }),
      },
      REFRESH: { target: ".loading", reenter: true },
    },
    states: {
      loading: {
        tags: ["busy"],
        entry: assign({ ahead: null, aheadAsked: false }),
        invoke: {
          src: "fetchPage",
          input: ({ context }) => ({ ...context.query, link: context.link }),
          onDone: [
            {
              guard: { type: "isEmpty", params: ({ event }) => ({ page: event.output }) },
              target: "empty",
              actions: { type: "show", params: ({ event }) => ({ page: event.output }) },
            },
            { target: "ready", actions: { type: "show", params: ({ event }) => ({ page: event.output }) } },
          ],
          onError: [
            {
              guard: { type: "pageGone", params: ({ event }) => ({ error: event.error }) },
              target: "loading",
              reenter: true,
              actions: assign({ query: ({ context }) => ({ ...context.query, page: 1 }), link: null }),
            },
            { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
          ],
        },
      },
      ready: {
        initial: "choosing",
        on: {
          NEXT_PAGE: { guard: "hasNext", target: "loading", actions: "toNextPage" },
          PREVIOUS_PAGE: {
            guard: "hasPrevious",
            target: "loading",
            actions: assign(({ context }) => {
              const link = context.data?.previous ?? null;
              const page = (link === null ? null : pageFromLink(link)) ?? Math.max(1, context.query.page - 1);
              return { link, query: { ...context.query, page } };
            }),
          },
        },
        states: {
          choosing: {
            always: [{ guard: "readsAhead", target: "beforeReadingAhead" }, { target: "idle" }],
          },
          // The page just shown is drawn first: reading ahead in the same task would delay it.
          beforeReadingAhead: {
            after: { readAheadDelay: "readingAhead" },
          },
          idle: {},
          readingAhead: {
            initial: "unasked",
            invoke: {
              src: "fetchPage",
              input: ({ context }) => {
                const next = nextOf(context);
                return { ...next.query, link: next.link };
              },
              onDone: [
                // Asked for while it was coming, it is the answer to NEXT_PAGE (empty if the list shrank meanwhile).
                {
                  guard: { type: "askedAheadEmpty", params: ({ event }) => ({ page: event.output }) },
                  target: "#" + id + ".empty",
                  actions: { type: "show", params: ({ event }) => ({ page: event.output }) },
                },
                {
                  guard: "askedAhead",
                  target: "#" + id + ".ready",
                  reenter: true,
                  actions: { type: "show", params: ({ event }) => ({ page: event.output }) },
                },
                {
                  target: "aheadRead",
                  actions: assign(({ context, event }) => ({
                    ahead: { link: context.data?.next ?? "", page: event.output },
                  })),
                },
              ],
              // Unasked, a failed reading changes nothing; asked, the page is requested again (and fails there, with
              // the list's own error handling, if the server still refuses).
              onError: [{ guard: { type: "askedAhead" }, target: "#" + id + ".loading" }, { target: "idle" }],
            },
            states: {
              unasked: {
                on: { NEXT_PAGE: { target: "asked", actions: "toNextPage" } },
              },
              asked: {
                tags: ["busy"],
                entry: assign({ aheadAsked: true }),
                // Busy like `loading`: a second press waits for the same answer.
                on: { NEXT_PAGE: {}, PREVIOUS_PAGE: {} },
              },
            },
          },
          aheadRead: {
            after: { readAheadMaxAge: { target: "idle", actions: assign({ ahead: null }) } },
            on: {
              NEXT_PAGE: [
                { guard: "aheadEmpty", target: "#" + id + ".empty", actions: ["toNextPage", "showAhead"] },
                {
                  guard: "aheadFits",
                  target: "#" + id + ".ready",
                  reenter: true,
                  actions: ["toNextPage", "showAhead"],
                },
                { target: "#" + id + ".loading", actions: "toNextPage" },
              ],
            },
          },
        },
      },
      empty: {},
      failed: {
        on: { RETRY: { target: "loading" } },
      },
    },
  });
