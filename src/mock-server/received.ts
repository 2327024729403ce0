import { dayStamp } from "./dates";
import { badRequest, type DemoRequest } from "./http";
import type { DemandRecord } from "./models";

/**
 * The `date-filter` extension of the demand lists (docs/extensions.md), as a Django backend with django-filter's
 * DateFromToRangeFilter (`received_after`, `received_before`: whole days in Africa/Douala, both ends included) and
 * DRF's OrderingFilter (`ordering=insert_at` oldest first, `-insert_at` newest first) answers it.
 */

const INVALID_DATE = "Enter a valid date.";

/** A calendar day written YYYY-MM-DD, else null. */
const dayOf = (raw: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const time = Date.parse(`${raw}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(raw) ? raw : null;
};

/**
 * A request's window of days from two parameters (`received_after`/`received_before`, `issued_after`/`issued_before`):
 * a test of a day stamp, or null when neither is sent; 400 `{"<name>": ["Enter a valid date."]}` on a malformed day.
 */
export const dayWindow = (
  req: DemoRequest,
  afterName: string,
  beforeName: string,
): ((day: string) => boolean) | null => {
  const errors: Record<string, string[]> = {};
  const bound = (name: string): string | null => {
    const raw = req.url.searchParams.get(name);
    if (raw === null || raw === "") return null;
    const day = dayOf(raw);
    if (day === null) errors[name] = [INVALID_DATE];
    return day;
  };
  const after = bound(afterName);
  const before = bound(beforeName);
  if (Object.keys(errors).length > 0) badRequest(errors);
  if (after === null && before === null) return null;
  return (day) => (after === null || day >= after) && (before === null || day <= before);
};

/** The demands received in the request's window, in its order; 400 `{"received_after": ["Enter a valid date."]}` on a malformed day. */
export const receivedFiltered = (req: DemoRequest, demands: readonly DemandRecord[]): readonly DemandRecord[] => {
  const within = dayWindow(req, "received_after", "received_before");
  const inWindow = within === null ? demands : demands.filter((d) => within(dayStamp(Date.parse(d.insert_at))));
  // DRF's OrderingFilter ignores a field it does not allow; the list is newest first by default.
  const ordering = req.url.searchParams.get("ordering");
  if (ordering !== "insert_at" && ordering !== "-insert_at") return inWindow;
  const direction = ordering === "insert_at" ? 1 : -1;
  return [...inWindow].sort((a, b) => direction * (Date.parse(a.insert_at) - Date.parse(b.insert_at)));
};
