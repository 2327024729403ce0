import type { CardQuery } from "../api/endpoints/cards";
import { receivedQuery } from "./demand-list-filter";

/**
 * The card lists' `date-filter` part (docs/extensions.md): the day a card was issued (today, this week, between two
 * days), so "print today's cards" is one filter. Like the demand lists' "received", "today" and "this week" are
 * resolved when the page is asked for, in Douala's time zone.
 */
export type IssuedWindow = "today" | "week" | "range";
export const issuedWindows: readonly IssuedWindow[] = ["today", "week", "range"];

export interface CardDates {
  readonly issued: IssuedWindow;
  /** YYYY-MM-DD; used by "range" only (either end may be open). */
  readonly from: string | null;
  readonly to: string | null;
}

/** The `issued_after`/`issued_before` part of a card list's call at instant `now`; nothing without dates. */
export const issuedQuery = (
  dates: CardDates | null | undefined,
  now: number,
): Pick<CardQuery, "issuedAfter" | "issuedBefore"> => {
  if (!dates) return {};
  const { receivedAfter, receivedBefore } = receivedQuery(
    { received: dates.issued, from: dates.from, to: dates.to, oldestFirst: false },
    now,
  );
  return {
    ...(receivedAfter ? { issuedAfter: receivedAfter } : {}),
    ...(receivedBefore ? { issuedBefore: receivedBefore } : {}),
  };
};
