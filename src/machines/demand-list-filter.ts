import type { DemandFilter, DemandQuery } from "../api";
import { DOUALA_OFFSET_MS, doualaDay } from "../api/card-validity";

/**
 * What the demand lists filter on: the spec's status, and, with the `date-filter` extension (docs/extensions.md),
 * when the demand was received and oldest first. "Today" and "this week" are resolved when the page is asked
 * for, so a list left open overnight (or a shared link) means the day it is read.
 */
export type ReceivedWindow = "any" | "today" | "week" | "range";

export interface DemandDates {
  readonly received: ReceivedWindow;
  /** YYYY-MM-DD; used by "range" only (either end may be open). */
  readonly from: string | null;
  readonly to: string | null;
  readonly oldestFirst: boolean;
}

export interface DemandListFilter {
  readonly status: DemandFilter;
  /** null: the extension is off (or unused): the spec's list. */
  readonly dates: DemandDates | null;
}

const interned = new Map<string, DemandListFilter>();

/**
 * One object per distinct filter: the list machine compares filters by identity (a URL read again must not
 * count as a new filter and reload the page).
 */
export const demandListFilter = (status: DemandFilter, dates: DemandDates | null): DemandListFilter => {
  const used = dates !== null && (dates.received !== "any" || dates.oldestFirst) ? dates : null;
  const key = JSON.stringify([
    status,
    used?.received,
    used?.received === "range" ? [used.from, used.to] : null,
    used?.oldestFirst,
  ]);
  let filter = interned.get(key);
  if (!filter) {
    filter = {
      status,
      dates: used && {
        received: used.received,
        oldestFirst: used.oldestFirst,
        ...(used.received === "range" ? { from: used.from, to: used.to } : { from: null, to: null }),
      },
    };
    interned.set(key, filter);
  }
  return filter;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `date-filter` part of a demand list's call at instant `now` (weeks start on Monday, as in Cameroon). */
export const receivedQuery = (
  dates: DemandDates | null,
  now: number,
): Pick<DemandQuery, "receivedAfter" | "receivedBefore" | "oldestFirst"> => {
  if (dates === null) return {};
  const today = doualaDay(now);
  const order = dates.oldestFirst ? { oldestFirst: true } : {};
  switch (dates.received) {
    case "today":
      return { receivedAfter: today, receivedBefore: today, ...order };
    case "week": {
      const sinceMonday = (new Date(now + DOUALA_OFFSET_MS).getUTCDay() + 6) % 7;
      return { receivedAfter: doualaDay(now - sinceMonday * DAY_MS), receivedBefore: today, ...order };
    }
    case "range":
      return {
        ...(dates.from ? { receivedAfter: dates.from } : {}),
        ...(dates.to ? { receivedBefore: dates.to } : {}),
        ...order,
      };
    case "any":
      return order;
  }
};
