import { listCards, listDemands, type DemandFilter } from "../api";
import type { AnyKind } from "../kinds";
import type { AnyCard } from "./card-lifecycle";
import type { AnyDemand } from "./demand-validation";
import { createPagedListMachine, pageFetcher } from "./paged-list";
import { printStatusPages, type PrintedFilter } from "./print-status-pages";

/**
 * The back office's demand and card lists: the paged-list machine with each one's fetch (docs/spec.md §7: search, the
 * status or the faculty/service filter, or a server link to follow).
 */

export const demandList = createPagedListMachine<AnyDemand, DemandFilter>("demandList");

/** A kind's demand list. */
export const demandListMachine = (kind: AnyKind) =>
  demandList.provide({
    actors: {
      fetchPage: pageFetcher<AnyDemand, DemandFilter>((request) =>
        listDemands(kind, { search: request.search.trim() || undefined, filter: request.filter, page: request.page, link: request.link }),
      ),
    },
  });

export const cardList = createPagedListMachine<AnyCard, number | null>("cardList");

/**
 * A kind's card list, all of it or filtered by print status (read by the client, which keeps the list it read
 * for the machine's life: one machine per screen, which the route remounts when the status changes).
 */
export const cardListMachine = (kind: AnyKind, printed: PrintedFilter) =>
  cardList.provide({
    actors: {
      fetchPage: pageFetcher<AnyCard, number | null>(
        printed === "all"
          ? (request) =>
              listCards(kind, { search: request.search.trim() || undefined, filter: request.filter, page: request.page, link: request.link })
          : printStatusPages(kind, printed),
      ),
    },
  });
