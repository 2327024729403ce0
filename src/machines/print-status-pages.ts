import { ApiError, type Page } from "../api";
import type { CardState } from "../api/schemas/lifecycle";
import type { AnyKind } from "../kinds";
import { printCountOf, type AnyCard } from "./card-lifecycle";
import { pageFromLink, type FetchPage } from "./paged-list";
import { readListCards } from "./card-list-reading";
import type { CardDates } from "./card-list-dates";

/** Card lists filtered by print status (read by the client: the backend's list does not filter on it). */
export type PrintedFilter = "all" | "no" | "yes";
export const printedFilters: readonly PrintedFilter[] = ["all", "no", "yes"];

/** Rows per page of a list filtered by print status, as the backend's own pages. */
export const LOCAL_PAGE_SIZE = 10;

/**
 * Pages of a card list filtered by print status. The backend filters cards by search and faculty or service
 * only (docs/spec.md §7), so the list is read to its end once per search and filter, kept, and paged here; its links
 * ("?page=2") are followed by this same fetcher.
 */
export const printStatusPages = (
  kind: AnyKind,
  printed: Exclude<PrintedFilter, "all">,
  state: CardState | null = null,
  dates: CardDates | null = null,
): FetchPage<AnyCard, number | null> => {
  let kept: { readonly key: string; readonly cards: readonly AnyCard[]; readonly skipped: number } | null = null;
  const matches = (card: AnyCard) => (printed === "yes" ? printCountOf(card) > 0 : printCountOf(card) === 0);
  return async (request): Promise<Page<AnyCard>> => {
    const key = JSON.stringify([request.search.trim(), request.filter]);
    const page = request.link === null ? request.page : (pageFromLink(request.link) ?? 1);
    // A fresh query (not a page link) reads the list again: counts change as cards are printed.
    if (kept === null || kept.key !== key || request.link === null) {
      const unread = { skipped: 0 };
      const scope = { search: request.search, filter: request.filter, state, dates };
      kept = { key, cards: await readListCards(kind, scope, matches, Infinity, unread), skipped: unread.skipped };
    }
    const start = (page - 1) * LOCAL_PAGE_SIZE;
    if (page > 1 && start >= kept.cards.length)
      throw new ApiError("notFound", "listCards", kind.paths.cards, 404, { detail: "Invalid page." });
    return {
      count: kept.cards.length,
      results: kept.cards.slice(start, start + LOCAL_PAGE_SIZE),
      next: start + LOCAL_PAGE_SIZE < kept.cards.length ? `?page=${page + 1}` : null,
      previous: page > 1 ? `?page=${page - 1}` : null,
      // The rows of the whole list the app could not read: every page of it says so.
      ...(kept.skipped > 0 ? { skipped: kept.skipped } : {}),
    };
  };
};
