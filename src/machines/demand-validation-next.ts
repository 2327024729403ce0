import { listDemands, type Page } from "../api";
import type { AnyKind } from "../kinds";
import type { AnyDemand } from "./demand-validation-context";

/**
 * What "validate and next" of the demand validation machine (demand-validation.ts) looks up: the list's next
 * pending demand, and how many are left.
 */

/** The list's next pending demand and how many are left in it (the next one included). */
export interface NextPending {
  readonly id: string | null;
  readonly left: number | null;
}

/** What "validate and next" looks up: the list's search, the demand just validated, whether rejected ones wait. */
export interface NextPendingQuery {
  readonly kind: AnyKind;
  readonly search: string;
  readonly id: string;
  readonly skipRejected: boolean;
}

/** A page of the kind's pending demands for a search: the first one, or the one a next link names. */
export type PendingPage = (
  query: NextPendingQuery,
  link: string | null,
) => Promise<Pick<Page<AnyDemand>, "count" | "results" | "next">>;

/** Pages read at most to pass over rejected demands (the agent's queue rarely holds more than a morning's work). */
const maxPendingPages = 5;

/**
 * The first pending demand of the list other than this one (newest first, as the list shows) and how many are left.
 * Without the `reject` extension: the first page's first, and the list's count. With it, demands carrying a
 * rejection (rejected, or awaiting the applicant's correction) are passed over, reading on page by page (at most
 * `maxPendingPages`), and the count leaves out those met on the pages read: the server's count cannot tell them apart.
 */
export const nextPendingFrom =
  (pendingPage: PendingPage) =>
  async (query: NextPendingQuery): Promise<NextPending> => {
    const waiting = (demand: AnyDemand) => demand.id !== query.id && !demand.validated;
    const rejected = (demand: AnyDemand) => query.skipRejected && "rejection" in demand && Boolean(demand.rejection);
    let page = await pendingPage(query, null);
    let passedOver = 0;
    let id: string | null = null;
    for (let pages = 1; ; pages += 1) {
      passedOver += page.results.filter((demand) => waiting(demand) && rejected(demand)).length;
      id = page.results.find((demand) => waiting(demand) && !rejected(demand))?.id ?? null;
      if (id !== null || !page.next || pages >= maxPendingPages) break;
      page = await pendingPage(query, page.next);
    }
    // The paged list's count of its pending search: this demand, validated, is no longer in it.
    if (id === null) return { id, left: page.next ? null : 0 };
    return { id, left: page.count - passedOver };
  };

export const pendingPageOfApi: PendingPage = (query, link) =>
  listDemands(query.kind, { filter: "no_validated", search: query.search, link });
