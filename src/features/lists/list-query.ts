import type { DemandFilter } from "../../api";
import { isCardState, type CardState } from "../../api/card-states";
import type { DemandDates, ReceivedWindow } from "../../machines/demand-list-filter";
import { issuedWindows, type CardDates, type IssuedWindow } from "../../machines/card-list-dates";
import type { PrintedFilter } from "../../machines/print-status-pages";
import { isOneOf } from "../../api/one-of";

/**
 * URL search params of the back-office lists (docs/spec.md §2, §4): what `validateSearch` accepts and how a query is
 * written back. Defaults are left out of the URL (search "", filter no_validated / all, page 1), so the plain
 * menu links and the lists' own URLs agree.
 */

export interface DemandListSearch {
  readonly search?: string;
  readonly filter?: DemandFilter;
  readonly page?: number;
  /** Extension `date-filter` (docs/extensions.md): when received, its range's days (YYYY-MM-DD), oldest first. */
  readonly received?: Exclude<ReceivedWindow, "any">;
  readonly from?: string;
  readonly to?: string;
  readonly order?: "oldest";
}

export interface CardListSearch {
  readonly search?: string;
  /** Faculty (students, teachers) or service (staff) id; absent = all. */
  readonly filter?: number;
  /** Printed at least once ("yes") or never ("no"); absent = all. */
  readonly printed?: Exclude<PrintedFilter, "all">;
  /** Extension `lifecycle` (docs/extensions.md): the cards in this state only; absent = all. */
  readonly state?: CardState;
  /** Extension `date-filter`: the day the card was issued, its range's days (YYYY-MM-DD). */
  readonly issued?: IssuedWindow;
  readonly from?: string;
  readonly to?: string;
  readonly page?: number;
}

export interface DemandListQuery {
  readonly search: string;
  readonly filter: DemandFilter;
  readonly page: number;
  /** Extension `date-filter`; absent when the URL names no dates. */
  readonly dates?: DemandDates;
}

export interface CardListQuery {
  readonly search: string;
  readonly filter: number | null;
  readonly printed: PrintedFilter;
  /** Extension `lifecycle`; null = every state (and always without the capability). */
  readonly state: CardState | null;
  /** Extension `date-filter`; absent or null = any day (and always without the capability). */
  readonly dates?: CardDates | null;
  readonly page: number;
}

export const DEFAULT_DEMAND_FILTER: DemandFilter = "no_validated";
export const demandFilters: readonly DemandFilter[] = ["all", "validated", "no_validated", "rejected", "correction"];

export const isDemandFilter = (value: unknown): value is DemandFilter => isOneOf(demandFilters, value);

/** The router parses search values as JSON: "12345" may arrive as a number. */
const searchText = (value: unknown): string | undefined => {
  const text =
    typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
  return text.trim() === "" ? undefined : text;
};

const positiveInt = (value: unknown): number | undefined => {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
};

const pageParam = (value: unknown): number | undefined => {
  const page = positiveInt(value);
  return page === undefined || page === 1 ? undefined : page;
};

const compact = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** A calendar day written YYYY-MM-DD (no 31 February). */
const isoDay = (value: unknown): string | undefined => {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value) ? value : undefined;
};

const receivedParam = (value: unknown): DemandListSearch["received"] =>
  value === "today" || value === "week" || value === "range" ? value : undefined;

/** `validateSearch` of the demand lists: anything invalid falls back to its default. */
export const validateDemandSearch = (raw: Record<string, unknown>): DemandListSearch => {
  const received = receivedParam(raw.received);
  return compact({
    search: searchText(raw.search),
    filter: isDemandFilter(raw.filter) && raw.filter !== DEFAULT_DEMAND_FILTER ? raw.filter : undefined,
    page: pageParam(raw.page),
    received,
    from: received === "range" ? isoDay(raw.from) : undefined,
    to: received === "range" ? isoDay(raw.to) : undefined,
    order: raw.order === "oldest" ? raw.order : undefined,
  });
};

/** `validateSearch` of the card lists. */
export const validateCardSearch = (raw: Record<string, unknown>): CardListSearch => {
  const issued = isOneOf(issuedWindows, raw.issued) ? raw.issued : undefined;
  return compact({
    search: searchText(raw.search),
    filter: positiveInt(raw.filter),
    printed: raw.printed === "no" || raw.printed === "yes" ? raw.printed : undefined,
    state: isCardState(raw.state) ? raw.state : undefined,
    issued,
    from: issued === "range" ? isoDay(raw.from) : undefined,
    to: issued === "range" ? isoDay(raw.to) : undefined,
    page: pageParam(raw.page),
  });
};

export const demandQueryOf = (search: DemandListSearch): DemandListQuery => ({
  search: search.search ?? "",
  filter: search.filter ?? DEFAULT_DEMAND_FILTER,
  page: search.page ?? 1,
  ...(search.received || search.order
    ? {
        dates: {
          received: search.received ?? "any",
          from: search.from ?? null,
          to: search.to ?? null,
          oldestFirst: search.order === "oldest",
        },
      }
    : {}),
});

export const cardQueryOf = (search: CardListSearch): CardListQuery => ({
  search: search.search ?? "",
  filter: search.filter ?? null,
  printed: search.printed ?? "all",
  state: search.state ?? null,
  ...(search.issued ? { dates: { issued: search.issued, from: search.from ?? null, to: search.to ?? null } } : {}),
  page: search.page ?? 1,
});

export const demandSearchOf = (query: DemandListQuery): DemandListSearch =>
  validateDemandSearch({
    search: query.search,
    filter: query.filter,
    page: query.page,
    received: query.dates?.received,
    from: query.dates?.from,
    to: query.dates?.to,
    order: query.dates?.oldestFirst ? "oldest" : undefined,
  });

export const cardSearchOf = (query: CardListQuery): CardListSearch =>
  validateCardSearch({
    search: query.search,
    filter: query.filter ?? undefined,
    printed: query.printed,
    state: query.state ?? undefined,
    issued: query.dates?.issued,
    from: query.dates?.from ?? undefined,
    to: query.dates?.to ?? undefined,
    page: query.page,
  });

/**
 * A list's search as a URL query ("?filter=all&page=2", "" for the defaults). The validation page carries its
 * list's search, so "Back to the list" returns where the agent was and "Validate and next" stays in that list.
 */
export const demandQueryString = (search: DemandListSearch): string => {
  const params = new URLSearchParams();
  if (search.search !== undefined) params.set("search", search.search);
  if (search.filter !== undefined) params.set("filter", search.filter);
  if (search.page !== undefined) params.set("page", String(search.page));
  for (const key of ["received", "from", "to", "order"] as const) {
    const value = search[key];
    if (value !== undefined) params.set(key, value);
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
};
