import { describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { ApiError, type DemandFilter, type Page, type StudentDemand } from "../api";
import { pageFetcher, pageInfo, type FetchPage } from "./paged-list";
import { deferred } from "../../tests/fixtures/deferred";
import { base, flush, machine, server } from "./paged-list-testing";

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
