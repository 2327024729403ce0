import { notFound, type DemoRequest } from "./http";
import { scalarText } from "../api/scalar-text";

export interface PageAnswer<T> {
  count: number;
  results: T[];
  next: string | null;
  previous: string | null;
}

/**
 * Absolute link to `page` of the same list, keeping every other query parameter (sorted by name, as Django
 * REST framework writes them); page 1 drops the page parameter.
 */
const linkTo = (req: DemoRequest, origin: string, page: number): string => {
  const params = new URLSearchParams(req.url.search);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  params.sort();
  const query = params.toString();
  return `${origin}${req.url.pathname}${query ? `?${query}` : ""}`;
};

/**
 * Page `?page=` of `items` (404 "Invalid page." past the end, like the real paginator). The number is read
 * strictly, digits only: "0x2", " 2", "2.0" or "1e1" are no page.
 */
export const paginate = <R, T>(
  req: DemoRequest,
  origin: string,
  items: readonly R[],
  pageSize: number,
  toJson: (item: R) => T,
): PageAnswer<T> => {
  const raw = req.url.searchParams.get("page");
  const page = raw === null || raw === "" ? 1 : /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : Number.NaN;
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  if (!Number.isInteger(page) || page < 1 || page > pages) notFound("Invalid page.");
  const start = (page - 1) * pageSize;
  return {
    count: items.length,
    results: items.slice(start, start + pageSize).map(toJson),
    next: page < pages ? linkTo(req, origin, page + 1) : null,
    previous: page > 1 ? linkTo(req, origin, page - 1) : null,
  };
};

/** Case-insensitive "contains" on any of the given texts; an empty search matches everything. */
export const matches = (search: string | null, ...texts: ReadonlyArray<unknown>): boolean =>
  searchMatches(search, texts.map(scalarText).join("\n").toLowerCase());

const searchTexts = new WeakMap<object, string>();

/**
 * The lower-cased text a search looks in for a record: its code, the registration number and the name in both
 * orders. The part from the fields is kept per fields object (an edit replaces it), so a search over 10,000
 * demands does not lower-case every name again.
 */
export const searchTextOf = (fields: Readonly<Record<string, unknown>>, code: string): string => {
  let text = searchTexts.get(fields);
  if (text === undefined) {
    const first = scalarText(fields.firstname);
    const last = scalarText(fields.lastname);
    text = [scalarText(fields.register), `${last} ${first}`, `${first} ${last}`].join("\n").toLowerCase();
    searchTexts.set(fields, text);
  }
  return `${code.toLowerCase()}\n${text}`;
};

/** Whether a record's search text holds the search (trimmed, any case); an empty search matches everything. */
export const searchMatches = (search: string | null, text: string): boolean => {
  const needle = (search ?? "").trim().toLowerCase();
  return needle === "" || text.includes(needle);
};
