import { Result, Schema } from "effect";
import { request, type Call } from "./request";
import { Paged, type Page } from "./schemas/common";
import { decodeReporting, warnDropped } from "./schemas/lenient";

/**
 * Lists read row by row (docs/assumptions.md, "A bad row costs that row"): a row the app cannot read is left out,
 * counted and told once in the console with its id and why, so one bad row never costs the page. An answer that
 * is not a list at all is still a decode error. What `npm run check:backend` may reuse to say what a list lost.
 */

/** A row left out: its id when it has one, and what the schema refused. */
export interface LeftRow {
  readonly id: string | null;
  readonly reason: string;
}

export interface ReadRows<T> {
  readonly kept: T[];
  readonly left: LeftRow[];
  /** Keys left out of kept rows for not having their expected shape (schemas/lenient.ts), each once. */
  readonly dropped: string[];
}

const idOf = (row: unknown): string | null => {
  if (typeof row !== "object" || row === null || !("id" in row)) return null;
  return typeof row.id === "string" || typeof row.id === "number" ? String(row.id) : null;
};

/** Decodes each of `rows` with `schema`: the rows it reads, the rows it leaves out (with why), the keys it dropped. */
export const decodeRows = <T>(schema: Schema.ConstraintDecoder<T>, rows: readonly unknown[]): ReadRows<T> => {
  const kept: T[] = [];
  const left: LeftRow[] = [];
  const dropped = new Set<string>();
  for (const row of rows) {
    const decoded = decodeReporting(schema, row);
    for (const key of decoded.dropped) dropped.add(key);
    if (Result.isSuccess(decoded.result)) kept.push(decoded.result.success);
    else left.push({ id: idOf(row), reason: String(decoded.result.failure) });
  }
  return { kept, left, dropped: [...dropped] };
};

/** Tells the console, once for the whole answer, which rows of an operation's list were left out and why. */
export const warnLeft = (operation: string, left: readonly LeftRow[]): void => {
  if (left.length === 0) return;
  console.warn(
    `${operation}: ${left.length} row(s) left out (not of the expected shape): ${left.map((row) => row.id ?? "(no id)").join(", ")}`,
    left,
  );
};

/** Reads the rows of one answer, telling the console what it left out; the rows kept and how many were not. */
export const readRows = <T>(
  operation: string,
  schema: Schema.ConstraintDecoder<T>,
  rows: readonly unknown[],
): { readonly rows: T[]; readonly skipped: number } => {
  const read = decodeRows(schema, rows);
  warnDropped(operation, read.dropped);
  warnLeft(operation, read.left);
  return { rows: read.kept, skipped: read.left.length };
};

/** The envelope of a paged list whose rows are read one by one. */
const PagedRows = Paged(Schema.Unknown);

/** A paged list (docs/spec.md §3), row by row: the page's good rows, and how many it left out (`skipped`). */
export const requestPage = async <S extends Schema.ConstraintDecoder<unknown>>(
  call: Call,
  row: S,
): Promise<Page<S["Type"]>> => {
  const page = await request(call, PagedRows);
  const { rows, skipped } = readRows<S["Type"]>(call.operation, row, page.results);
  return { ...page, results: rows, ...(skipped > 0 ? { skipped } : {}) };
};
