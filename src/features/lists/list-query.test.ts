import { describe, expect, it } from "vitest";
import {
  cardQueryOf,
  cardSearchOf,
  demandQueryOf,
  demandQueryString,
  demandSearchOf,
  validateCardSearch,
  validateDemandSearch,
} from "./list-query";

describe("list search params", () => {
  it("demand lists: defaults are left out, invalid values fall back", () => {
    expect(validateDemandSearch({})).toEqual({});
    expect(demandQueryOf(validateDemandSearch({}))).toEqual({ search: "", filter: "no_validated", page: 1 });
    expect(validateDemandSearch({ search: "23A", filter: "all", page: 3 })).toEqual({
      search: "23A",
      filter: "all",
      page: 3,
    });
    expect(validateDemandSearch({ search: 12345, filter: "bogus", page: 0 })).toEqual({ search: "12345" });
    expect(validateDemandSearch({ filter: "no_validated", page: "2", search: "  " })).toEqual({ page: 2 });
    expect(validateDemandSearch({ page: 1.5 })).toEqual({});
    expect(demandSearchOf({ search: "", filter: "validated", page: 1 })).toEqual({ filter: "validated" });
  });

  it("demand lists, date-filter extension: the dates travel in the URL, invalid ones are dropped", () => {
    const url = { received: "range", from: "2026-11-01", to: "2026-11-15", order: "oldest" };
    expect(validateDemandSearch(url)).toEqual(url);
    expect(demandQueryOf(validateDemandSearch(url)).dates).toEqual({
      received: "range",
      from: "2026-11-01",
      to: "2026-11-15",
      oldestFirst: true,
    });
    expect(demandSearchOf(demandQueryOf(validateDemandSearch(url)))).toEqual(url);
    expect(demandQueryString(validateDemandSearch({ received: "today", order: "oldest" }))).toBe(
      "?received=today&order=oldest",
    );
    // No 31 February, no other spelling; dates belong to a range only; unknown windows and orders fall back.
    expect(validateDemandSearch({ received: "range", from: "2026-02-31", to: "26-11-15" })).toEqual({
      received: "range",
    });
    expect(validateDemandSearch({ received: "today", from: "2026-11-01" })).toEqual({ received: "today" });
    expect(validateDemandSearch({ received: "yesterday", order: "newest" })).toEqual({});
    expect(demandQueryOf(validateDemandSearch({})).dates).toBeUndefined();
  });

  it("card lists: the filter is a positive id, absent for all", () => {
    expect(validateCardSearch({ filter: 4, page: 2 })).toEqual({ filter: 4, page: 2 });
    expect(validateCardSearch({ filter: "all", page: -1 })).toEqual({});
    expect(cardQueryOf({})).toEqual({ search: "", filter: null, printed: "all", state: null, page: 1 });
    expect(cardSearchOf({ search: "PCPER", filter: null, printed: "all", state: null, page: 1 })).toEqual({
      search: "PCPER",
    });
  });

  it("card lists: the print status is never or printed, absent for all", () => {
    expect(validateCardSearch({ printed: "no" })).toEqual({ printed: "no" });
    expect(validateCardSearch({ printed: "yes", filter: 2 })).toEqual({ printed: "yes", filter: 2 });
    expect(validateCardSearch({ printed: "maybe" })).toEqual({});
    expect(cardQueryOf({ printed: "yes" }).printed).toBe("yes");
    expect(cardSearchOf({ search: "", filter: null, printed: "all", state: null, page: 1 })).toEqual({});
  });

  it("card lists: the state (extension lifecycle) is one of the card states, absent for all", () => {
    expect(validateCardSearch({ state: "suspended", printed: "no" })).toEqual({ printed: "no", state: "suspended" });
    expect(validateCardSearch({ state: "lost" })).toEqual({});
    expect(cardQueryOf({ state: "expired" }).state).toBe("expired");
    expect(cardSearchOf({ search: "", filter: null, printed: "all", state: "replaced", page: 1 })).toEqual({
      state: "replaced",
    });
  });

  it("card lists: the issue day (extension date-filter) is today, this week or a range of calendar days", () => {
    expect(validateCardSearch({ issued: "today", from: "2026-11-01" })).toEqual({ issued: "today" });
    expect(validateCardSearch({ issued: "range", from: "2026-11-01", to: "2026-02-31" })).toEqual({
      issued: "range",
      from: "2026-11-01",
    });
    expect(validateCardSearch({ issued: "yesterday" })).toEqual({});
    expect(cardQueryOf({ issued: "week" }).dates).toEqual({ issued: "week", from: null, to: null });
    expect(
      cardSearchOf({
        search: "",
        filter: null,
        printed: "all",
        state: null,
        dates: { issued: "range", from: "2026-11-01", to: "2026-11-28" },
        page: 1,
      }),
    ).toEqual({ issued: "range", from: "2026-11-01", to: "2026-11-28" });
  });
});
