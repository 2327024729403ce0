import type { Call } from "../request";

/** Where a paged list stands: a next/previous link of an earlier page, or a page number (1-based). */
export interface ListPosition {
  /** A next/previous link of an earlier page; when present it is followed (its query, on another origin). */
  readonly link?: string | null;
  /** Page number (1-based) when no link is known, e.g. restored from the URL; sent only when > 1. */
  readonly page?: number;
}

/**
 * A paged list's call: the server's own link as it gave it (on the list's own URL when it names another scheme or
 * host, runtime.ts), else the list's path with its filters. Page 1 is the
 * server's default, so the parameter travels only for later pages.
 */
export const listCall = (
  operation: string,
  url: string,
  position: ListPosition,
  filters: Readonly<Record<string, string | undefined>>,
): Call =>
  position.link
    ? { operation, method: "get", url: position.link, ownPath: url }
    : {
        operation,
        method: "get",
        url,
        searchParams: {
          ...filters,
          page: position.page !== undefined && position.page > 1 ? String(position.page) : undefined,
        },
      };
