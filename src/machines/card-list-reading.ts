import { listCards } from "../api";
import type { AnyKind } from "../kinds";
import type { CardState } from "../api/card-states";
import type { AnyCard } from "./card-lifecycle";
import { issuedQuery, type CardDates } from "./card-list-dates";

/**
 * Reading a whole card list for the print picker and the print-status pages: the backend filters by search and
 * faculty or service only (docs/spec.md §7), so the rest is read page by page, following `next`, within bounds.
 */

/** Pages read at most for one collection (100 pages of 10: more than a batch holds). */
export const MAX_PAGES = 100;

export interface ListScope {
  readonly search: string;
  readonly filter: number | null;
  /** Extension `lifecycle`: the list's state filter, when it has one. */
  readonly state?: CardState | null;
  /** Extension `date-filter`: the list's issue days, when it has them. */
  readonly dates?: CardDates | null;
}

/**
 * The cards of a list that `keep` accepts, read page by page to its end (MAX_PAGES at most, `limit` cards); the rows
 * the app could not read (left out of every page, src/api/rows.ts) are added to `unread.skipped` when given.
 */
export const readListCards = async (
  kind: AnyKind,
  scope: ListScope,
  keep: (card: AnyCard) => boolean,
  limit = Infinity,
  unread?: { skipped: number },
): Promise<AnyCard[]> => {
  const found: AnyCard[] = [];
  let page = await listCards(kind, {
    search: scope.search.trim() || undefined,
    filter: scope.filter,
    state: scope.state ?? null,
    ...issuedQuery(scope.dates, Date.now()),
  });
  for (let read = 1; ; read++) {
    if (unread) unread.skipped += page.skipped ?? 0;
    for (const card of page.results) if (keep(card)) found.push(card);
    if (!page.next || read >= MAX_PAGES || found.length >= limit) return found;
    page = await listCards(kind, { link: page.next });
  }
};
