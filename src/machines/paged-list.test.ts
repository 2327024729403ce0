import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { ApiError, type DemandFilter, type Page, type StudentDemand } from "../api";
import { pageOf, studentDemand } from "../../tests/fixtures/entities";
import {
  createPagedListMachine,
  pageFromLink,
  pageFetcher,
  pageInfo,
  totalPages,
  unpaged,
  type FetchPage,
  type ListRequest,
} from "./paged-list";
import { deferred, type Deferred } from "../../tests/fixtures/deferred";

const base = "http://localhost/student/api/v1/demand/";
const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ ...studentDemand, id: `d-${from + i}`, code: `DMSTUD${from + i}` }));

/** A fake server of `total` demands, 10 a page, with DRF-style links (page 1 has no page parameter). */
const server =
  (total: number) =>
  (request: ListRequest<DemandFilter>): Page<StudentDemand> => {
    const page = request.link ? (pageFromLink(request.link) ?? 1) : request.page;
    const pages = Math.max(1, Math.ceil(total / 10));
    if (page > pages) throw new ApiError("notFound", "listDemands", base, 404, { detail: "Invalid page." });
    const link = (p: number) => (p === 1 ? `${base}?validated=false` : `${base}?page=${p}&validated=false`);
    return pageOf(rows(Math.min(10, total - (page - 1) * 10), (page - 1) * 10), {
      count: total,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
    });
  };

const machine = createPagedListMachine<StudentDemand, DemandFilter>("demandList");

const start = (
  fetchPage: FetchPage<StudentDemand, DemandFilter>,
  query: { filter: DemandFilter; search?: string; page?: number } = { filter: "no_validated" },
) => {
  const fetch = vi.fn(fetchPage);
  const actor = createActor(machine.provide({ actors: { fetchPage: pageFetcher(fetch) } }), {
    input: { query },
  }).start();
  return { actor, fetch };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("paged list machine", () => {
  it("loads the first page of the default query, then is ready with x of y", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r));
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("ready"));
    const { context } = actor.getSnapshot();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toEqual({ search: "", filter: "no_validated", page: 1, link: null });
    expect(context.data?.results).toHaveLength(10);
    expect(context.pageSize).toBe(10);
    expect(pageInfo(context)).toEqual({
      page: 1,
      totalPages: 4,
      count: 31,
      hasNext: true,
      hasPrevious: false,
      first: 1,
      last: 10,
    });
  });

  it("passes an AbortSignal to the fetch", async () => {
    const { actor, fetch } = start(async (r) => server(3)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[0]?.[1]).toBeInstanceOf(AbortSignal);
  });

  it("is empty when the server has no result", async () => {
    const { actor } = start(async (r) => server(0)(r));
    await waitFor(actor, (s) => s.matches("empty"));
    expect(pageInfo(actor.getSnapshot().context)).toMatchObject({
      page: 1,
      totalPages: 0,
      count: 0,
      first: 0,
      last: 0,
    });
  });

  it("follows the next and previous links, counting pages", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "NEXT_PAGE" });
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[1]?.[0]).toMatchObject({ link: `${base}?page=2&validated=false`, page: 2 });
    expect(pageInfo(actor.getSnapshot().context)).toMatchObject({
      page: 2,
      totalPages: 4,
      hasPrevious: true,
      first: 11,
      last: 20,
      count: 31,
    });

    actor.send({ type: "NEXT_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "NEXT_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    const last = actor.getSnapshot().context;
    expect(last.data?.results).toHaveLength(1);
    expect(pageInfo(last)).toMatchObject({ page: 4, totalPages: 4, hasNext: false, first: 31, last: 31, count: 31 });

    actor.send({ type: "PREVIOUS_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[4]?.[0]).toMatchObject({ link: `${base}?page=3&validated=false`, page: 3 });

    actor.send({ type: "PREVIOUS_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "PREVIOUS_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    // DRF's link to page 1 carries no page parameter.
    expect(fetch.mock.calls[6]?.[0]).toMatchObject({ link: `${base}?validated=false`, page: 1 });
    expect(pageInfo(actor.getSnapshot().context)).toMatchObject({ page: 1, hasPrevious: false });
  });

  it("keeps the query of the rows on display while the next page loads (their links lead back to them)", async () => {
    const next = deferred<Page<StudentDemand>>();
    let calls = 0;
    const { actor } = start(async (r) => (++calls === 1 ? server(31)(r) : next.promise));
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.dataQuery).toEqual({ search: "", filter: "no_validated", page: 1 });
    actor.send({ type: "NEXT_PAGE" });
    expect(actor.getSnapshot().context.query.page).toBe(2);
    expect(actor.getSnapshot().context.dataQuery).toEqual({ search: "", filter: "no_validated", page: 1 });
    next.resolve(server(31)({ search: "", filter: "no_validated", page: 2, link: null }));
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.dataQuery).toEqual({ search: "", filter: "no_validated", page: 2 });
  });

  it("ignores NEXT_PAGE / PREVIOUS_PAGE without a server link", async () => {
    const { actor, fetch } = start(async (r) => server(5)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "NEXT_PAGE" });
    actor.send({ type: "PREVIOUS_PAGE" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(pageInfo(actor.getSnapshot().context)).toMatchObject({ page: 1, totalPages: 1 });
  });

  it("a double NEXT_PAGE moves one page only (ignored while loading)", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "NEXT_PAGE" });
    actor.send({ type: "NEXT_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.query.page).toBe(2);
  });

  it("a new search or filter goes back to page 1 without a link", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "NEXT_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "SET_QUERY", search: "21T" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[2]?.[0]).toEqual({ search: "21T", filter: "no_validated", page: 1, link: null });

    actor.send({ type: "NEXT_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "SET_QUERY", filter: "all" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[4]?.[0]).toEqual({ search: "21T", filter: "all", page: 1, link: null });
  });

  it("a page alone (URL back/forward) is fetched by number", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "SET_QUERY", page: 3 });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[1]?.[0]).toEqual({ search: "", filter: "no_validated", page: 3, link: null });
    expect(pageInfo(actor.getSnapshot().context)).toMatchObject({ page: 3, totalPages: 4 });
  });

  it("starts from a query restored from the URL", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r), { filter: "all", search: "Ngono", page: 4 });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[0]?.[0]).toEqual({ search: "Ngono", filter: "all", page: 4, link: null });
    // Reached directly on the last page: the page count is still right.
    expect(pageInfo(actor.getSnapshot().context)).toMatchObject({ page: 4, totalPages: 4 });
  });

  it("ignores a SET_QUERY that changes nothing", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "SET_QUERY", search: "", filter: "no_validated", page: 1 });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("never lets a stale answer overwrite a newer query (the old fetch is aborted)", async () => {
    const answers: Deferred<Page<StudentDemand>>[] = [];
    const signals: AbortSignal[] = [];
    const { actor, fetch } = start((_r, signal) => {
      const d = deferred<Page<StudentDemand>>();
      answers.push(d);
      signals.push(signal);
      return d.promise;
    });
    actor.send({ type: "SET_QUERY", search: "a" });
    actor.send({ type: "SET_QUERY", search: "ab" });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(signals.map((s) => s.aborted)).toEqual([true, true, false]);

    answers[2]?.resolve(pageOf(rows(1, 200), { count: 1 }));
    await waitFor(actor, (s) => s.matches("ready"));
    // The earlier answers arrive late, one of them as a failure: none of them lands.
    answers[0]?.resolve(pageOf(rows(10, 0), { count: 31, next: `${base}?page=2` }));
    answers[1]?.reject(new ApiError("server", "listDemands", base, 500, null));
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.matches("ready")).toBe(true);
    expect(snap.context.query.search).toBe("ab");
    expect(snap.context.data?.results.map((r) => r.id)).toEqual(["d-200"]);
    expect(snap.context.error).toBeNull();
  });

  it("fails, then RETRY repeats the same request", async () => {
    let fail = true;
    const { actor, fetch } = start(async (r) => {
      if (fail) throw new ApiError("network", "listDemands", base, null, "offline");
      return server(12)(r);
    });
    await waitFor(actor, (s) => s.matches("failed"));
    expect((actor.getSnapshot().context.error as ApiError).kind).toBe("network");
    fail = false;
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toEqual(fetch.mock.calls[0]?.[0]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("RETRY outside failed does nothing", async () => {
    const { actor, fetch } = start(async (r) => server(3)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a failed list can take a new query", async () => {
    const { actor } = start(async (r) => {
      if (r.search === "") throw new ApiError("server", "listDemands", base, 500, null);
      return server(2)(r);
    });
    await waitFor(actor, (s) => s.matches("failed"));
    actor.send({ type: "SET_QUERY", search: "x" });
    await waitFor(actor, (s) => s.matches("ready"));
  });

  it("REFRESH reloads the current page through the same link", async () => {
    const { actor, fetch } = start(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "NEXT_PAGE" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "REFRESH" });
    expect(actor.getSnapshot().value).toBe("loading");
    // The rows stay on display while the page reloads.
    expect(actor.getSnapshot().context.data?.results).toHaveLength(10);
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[2]?.[0]).toEqual(fetch.mock.calls[1]?.[0]);
  });

  it("REFRESH from empty finds new rows", async () => {
    let total = 0;
    const { actor } = start(async (r) => server(total)(r));
    await waitFor(actor, (s) => s.matches("empty"));
    total = 2;
    actor.send({ type: "REFRESH" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.data?.count).toBe(2);
  });

  it("falls back to page 1 when a later page no longer exists (404 Invalid page)", async () => {
    const { actor, fetch } = start(async (r) => server(12)(r), { filter: "no_validated", page: 5 });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toEqual({ search: "", filter: "no_validated", page: 1, link: null });
    expect(actor.getSnapshot().context.query.page).toBe(1);
  });

  it("a 404 on page 1 is a failure, not a loop", async () => {
    const { actor, fetch } = start(async () => {
      throw new ApiError("notFound", "listDemands", base, 404, null);
    });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("lists a plain array (agents) as one page", async () => {
    const agents = createPagedListMachine<string, null>("agentList").provide({
      actors: {
        fetchPage: pageFetcher<string, null>(async (r) =>
          unpaged(["ada", "bob", "carl"].filter((n) => n.includes(r.search))),
        ),
      },
    });
    const actor = createActor(agents, { input: { query: { filter: null } } }).start();
    await waitFor(actor, (s) => s.matches("ready"));
    expect(pageInfo(actor.getSnapshot().context)).toEqual({
      page: 1,
      totalPages: 1,
      count: 3,
      hasNext: false,
      hasPrevious: false,
      first: 1,
      last: 3,
    });
    actor.send({ type: "SET_QUERY", search: "zz" });
    await waitFor(actor, (s) => s.matches("empty"));
  });
});

describe("paged list machine, reading ahead (list screens)", () => {
  const ahead = (
    fetchPage: FetchPage<StudentDemand, DemandFilter>,
    delays: { readAheadMaxAge?: number; readAheadDelay?: number } = {},
  ) => {
    const fetch = vi.fn(fetchPage);
    const actor = createActor(machine.provide({ actors: { fetchPage: pageFetcher(fetch) }, delays }), {
      input: { query: { filter: "no_validated" }, readAhead: true },
    }).start();
    return { actor, fetch };
  };
  type Snapshot = ReturnType<ReturnType<typeof ahead>["actor"]["getSnapshot"]>;
  const codeOf = (snapshot: Snapshot) => snapshot.context.data?.results[0]?.code;
  const firstCode = (actor: ReturnType<typeof ahead>["actor"]) => codeOf(actor.getSnapshot());

  it("reads the next page once a page is shown; Next shows it at once, without asking again, and reads the one after", async () => {
    const { actor, fetch } = ahead(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches({ ready: "aheadRead" }));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toMatchObject({ link: `${base}?page=2&validated=false`, page: 2 });
    // The page read ahead is not on display until asked for.
    expect(firstCode(actor)).toBe("DMSTUD0");

    actor.send({ type: "NEXT_PAGE" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(firstCode(actor)).toBe("DMSTUD10");
    expect(actor.getSnapshot().context.dataQuery).toEqual({ search: "", filter: "no_validated", page: 2 });
    expect(pageInfo(actor.getSnapshot().context)).toMatchObject({
      page: 2,
      totalPages: 4,
      first: 11,
      last: 20,
      hasPrevious: true,
    });
    await waitFor(actor, (s) => s.matches({ ready: "aheadRead" }));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[2]?.[0]).toMatchObject({ link: `${base}?page=3&validated=false`, page: 3 });
  });

  it("Next pressed before the reading ahead began (the page is still being drawn) loads the page as usual", async () => {
    const { actor, fetch } = ahead(async (r) => server(31)(r), { readAheadDelay: 60_000 });
    await waitFor(actor, (s) => s.matches({ ready: "beforeReadingAhead" }));
    actor.send({ type: "NEXT_PAGE" });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await waitFor(actor, (s) => s.matches("ready") && s.context.data?.results[0]?.code === "DMSTUD10");
    expect(fetch.mock.calls.map(([request]) => request.link)).toEqual([null, `${base}?page=2&validated=false`]);
    actor.stop();
  });

  it("reads nothing ahead on the last page", async () => {
    const { actor, fetch } = ahead(async (r) => server(5)(r));
    await waitFor(actor, (s) => s.matches({ ready: "idle" }));
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("Next pressed while the next page is still coming waits for that answer (busy), asking nothing more", async () => {
    const held = deferred<Page<StudentDemand>>();
    const { actor, fetch } = ahead(async (r) => (r.page === 2 ? held.promise : server(31)(r)));
    await waitFor(actor, (s) => s.matches({ ready: "readingAhead" }));
    actor.send({ type: "NEXT_PAGE" });
    actor.send({ type: "NEXT_PAGE" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(actor.getSnapshot().context.query.page).toBe(2);
    expect(firstCode(actor)).toBe("DMSTUD0");
    held.resolve(server(31)({ search: "", filter: "no_validated", page: 2, link: null }));
    await waitFor(actor, (s) => codeOf(s) === "DMSTUD10");
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(actor.getSnapshot().context.query.page).toBe(2);
    await waitFor(actor, (s) => s.matches({ ready: "aheadRead" }));
    expect(fetch.mock.calls.map(([request]) => request.page)).toEqual([1, 2, 3]);
  });

  it("a page read ahead longer ago than the limit is not shown: Next asks the server again", async () => {
    const { actor, fetch } = ahead(async (r) => server(31)(r), { readAheadMaxAge: 5 });
    await waitFor(actor, (s) => s.matches({ ready: "aheadRead" }));
    await waitFor(actor, (s) => s.matches({ ready: "idle" }));
    expect(actor.getSnapshot().context.ahead).toBeNull();
    actor.send({ type: "NEXT_PAGE" });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await waitFor(actor, (s) => s.matches("ready") && codeOf(s) === "DMSTUD10");
    expect(fetch.mock.calls[2]?.[0]).toMatchObject({ link: `${base}?page=2&validated=false`, page: 2 });
  });

  it("a failed reading ahead changes nothing on display; Next then asks as usual and shows the answer", async () => {
    let fail = true;
    const { actor, fetch } = ahead(async (r) => {
      if (r.page === 2 && fail) throw new ApiError("network", "listDemands", base, 0, null);
      return server(31)(r);
    });
    await waitFor(actor, (s) => s.matches({ ready: "idle" }));
    expect(actor.getSnapshot().context.error).toBeNull();
    fail = false;
    actor.send({ type: "NEXT_PAGE" });
    await waitFor(actor, (s) => s.matches("ready") && codeOf(s) === "DMSTUD10");
    expect(fetch.mock.calls[2]?.[0]).toMatchObject({ link: `${base}?page=2&validated=false`, page: 2 });
  });

  it("asked for and then failing, the next page is requested again and its failure shown with Retry", async () => {
    const held = deferred<Page<StudentDemand>>();
    const { actor } = ahead(async (r) => {
      if (r.page !== 2) return server(31)(r);
      return held.promise;
    });
    await waitFor(actor, (s) => s.matches({ ready: "readingAhead" }));
    actor.send({ type: "NEXT_PAGE" });
    held.reject(new ApiError("network", "listDemands", base, 0, null));
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.query.page).toBe(2);
  });

  it("a new search drops the page read ahead", async () => {
    const { actor, fetch } = ahead(async (r) => server(31)(r));
    await waitFor(actor, (s) => s.matches({ ready: "aheadRead" }));
    actor.send({ type: "SET_QUERY", search: "DMSTUD1" });
    expect(actor.getSnapshot().context.ahead).toBeNull();
    await waitFor(actor, (s) => s.matches("ready"));
    expect(fetch.mock.calls[2]?.[0]).toMatchObject({ search: "DMSTUD1", page: 1, link: null });
  });
});

describe("page helpers", () => {
  it("reads the page parameter of a link", () => {
    expect(pageFromLink(`${base}?page=3&validated=false`)).toBe(3);
    expect(pageFromLink(`${base}?validated=false`)).toBeNull();
    expect(pageFromLink("/relative/?page=2")).toBe(2);
    expect(pageFromLink(`${base}?page=x`)).toBeNull();
  });

  it("counts pages from the full-page size, the last page exactly", () => {
    expect(totalPages(null, 1, null)).toBe(0);
    expect(totalPages(pageOf(rows(10), { count: 30, next: "n" }), 1, 10)).toBe(3);
    expect(totalPages(pageOf(rows(10), { count: 31, next: "n" }), 1, 10)).toBe(4);
    expect(totalPages(pageOf(rows(1), { count: 31, previous: "p" }), 4, null)).toBe(4);
    expect(totalPages(pageOf(rows(7)), 1, 10)).toBe(1);
    // A count that shrank under our feet never reports fewer pages than the server says exist.
    expect(totalPages(pageOf(rows(10), { count: 10, next: "n" }), 1, 10)).toBe(2);
  });
});
