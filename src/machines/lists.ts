import { listCards, listDemands } from "../api";
import type { CardState } from "../api/schemas/lifecycle";
import type { AnyKind } from "../kinds";
import type { AnyCard } from "./card-lifecycle";
import type { AnyDemand } from "./demand-validation";
import { receivedQuery, type DemandListFilter } from "./demand-list-filter";
import { issuedQuery, type CardDates } from "./card-list-dates";
import { createPagedListMachine, pageFetcher } from "./paged-list";
import { printStatusPages, type PrintedFilter } from "./print-status-pages";

/**
 * The back office's demand and card lists: the paged-list machine with each one's fetch (docs/spec.md §7: search, the
 * status or the faculty/service filter, or a server link to follow).
 */

export const demandList = createPagedListMachine<AnyDemand, DemandListFilter>("demandList");

/**
 * A kind's demand list (its dates, extension `date-filter`, read on the day the page is asked for). With the `reject`
 * extension (`rejectOn`) "not validated" means waiting for a decision: the rejected demands and those sent back for
 * a correction have their own filters.
 */
export const demandListMachine = (kind: AnyKind, now: () => number = Date.now, rejectOn = false) =>
  demandList.provide({
    actors: {
      fetchPage: pageFetcher<AnyDemand, DemandListFilter>((request) =>
        listDemands(kind, {
          search: request.search.trim() || undefined,
          filter: request.filter.status,
          ...(rejectOn && request.filter.status === "no_validated" ? { rejection: "none" as const } : {}),
          ...receivedQuery(request.filter.dates, now()),
          page: request.page,
          link: request.link,
        }),
      ),
    },
  });

export const cardList = createPagedListMachine<AnyCard, number | null>("cardList");

/**
 * A kind's card list, all of it or filtered by print status (read by the client, which keeps the list it read
 * for the machine's life: one machine per screen, which the route remounts when the status changes) and, with the
 * `lifecycle` extension, by state (the backend's `?state=`; null sends none) and, with `date-filter`, by the day the
 * card was issued (resolved when the page is asked for).
 */
export const cardListMachine = (
  kind: AnyKind,
  printed: PrintedFilter,
  state: CardState | null = null,
  dates: CardDates | null = null,
  now: () => number = Date.now,
) =>
  cardList.provide({
    actors: {
      fetchPage: pageFetcher<AnyCard, number | null>(
        printed === "all"
          ? (request) =>
              listCards(kind, {
                search: request.search.trim() || undefined,
                filter: request.filter,
                state,
                ...issuedQuery(dates, now()),
                page: request.page,
                link: request.link,
              })
          : printStatusPages(kind, printed, state, dates),
      ),
    },
  });
