import { describe, expect, it } from "vitest";
import { demandListFilter, receivedQuery, type DemandDates } from "./demand-list-filter";

const dates = (received: DemandDates["received"], extra: Partial<DemandDates> = {}): DemandDates => ({
  received,
  from: null,
  to: null,
  oldestFirst: false,
  ...extra,
});
/** Thursday 26 November 2026, 23:30 in Douala (22:30 UTC). */
const thursdayLate = Date.UTC(2026, 10, 26, 22, 30);

describe("date-filter query (docs/extensions.md)", () => {
  it("today is Douala's day, whatever the machine's zone", () => {
    expect(receivedQuery(dates("today"), thursdayLate)).toEqual({
      receivedAfter: "2026-11-26",
      receivedBefore: "2026-11-26",
    });
    // 23:30 UTC on the 26th is already the 27th in Douala.
    expect(receivedQuery(dates("today"), Date.UTC(2026, 10, 26, 23, 30))).toEqual({
      receivedAfter: "2026-11-27",
      receivedBefore: "2026-11-27",
    });
  });

  it("this week runs from Monday to today", () => {
    expect(receivedQuery(dates("week"), thursdayLate)).toEqual({
      receivedAfter: "2026-11-23",
      receivedBefore: "2026-11-26",
    });
    // Sunday 29 November: the week began on Monday the 23rd.
    expect(receivedQuery(dates("week"), Date.UTC(2026, 10, 29, 12))).toEqual({
      receivedAfter: "2026-11-23",
      receivedBefore: "2026-11-29",
    });
    expect(receivedQuery(dates("week"), Date.UTC(2026, 10, 23, 0))).toEqual({
      receivedAfter: "2026-11-23",
      receivedBefore: "2026-11-23",
    });
  });

  it("a range sends the ends it has; oldest first sends the ordering; nothing without the extension", () => {
    expect(receivedQuery(dates("range", { from: "2026-11-01", to: "2026-11-15" }), thursdayLate)).toEqual({
      receivedAfter: "2026-11-01",
      receivedBefore: "2026-11-15",
    });
    expect(receivedQuery(dates("range", { to: "2026-11-15", oldestFirst: true }), thursdayLate)).toEqual({
      receivedBefore: "2026-11-15",
      oldestFirst: true,
    });
    expect(receivedQuery(dates("any", { oldestFirst: true }), thursdayLate)).toEqual({ oldestFirst: true });
    expect(receivedQuery(null, thursdayLate)).toEqual({});
  });

  it("the same filter read twice is the same value (the list does not reload); an unused one is the spec's", () => {
    expect(demandListFilter("all", dates("today"))).toBe(demandListFilter("all", dates("today")));
    expect(demandListFilter("all", dates("range", { from: "2026-11-01" }))).not.toBe(
      demandListFilter("all", dates("range", { from: "2026-11-02" })),
    );
    expect(demandListFilter("all", dates("any"))).toBe(demandListFilter("all", null));
    expect(demandListFilter("all", dates("today", { from: "2026-11-01" }))).toBe(
      demandListFilter("all", dates("today")),
    );
  });
});
