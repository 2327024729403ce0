import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { ApiError, type Page, type StudentDemand } from "../api";
import { pageOf } from "../../tests/fixtures/entities";
import { createPagedListMachine, pageFromLink, pageFetcher, pageInfo, totalPages, unpaged } from "./paged-list";
import { deferred, type Deferred } from "../../tests/fixtures/deferred";
import { base, flush, rows, server, start } from "./paged-list-testing";

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
