/**
 * How `npm run check:backend` reads an answer: with the app's own schemas (src/api/schemas), one row at a time, so
 * it can say which rows and which keys the app could not read, and what it read only by tolerating a shape the
 * specification does not show (a number for a text, a null, a key it does not read).
 */
import { Result, Schema, SchemaIssue } from "effect";
import { decodeReporting } from "../../src/api/schemas/lenient.ts";

/** What reading one answer (an object, or the rows of a list) found. */
export interface Reading {
  /** Rows read (1 for an object). */
  readonly read: number;
  /** Rows or objects the app cannot read, each with its id (when it has one) and what is wrong, key by key. */
  readonly unread: ReadonlyArray<{ readonly id: string | null; readonly problems: readonly string[] }>;
  /** What was read by tolerance: one line per kind of deviation, with how many rows showed it. */
  readonly tolerated: ReadonlyMap<string, number>;
}

const describe = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "a list"
      : typeof value === "object"
        ? "an object"
        : typeof value === "string"
          ? `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
          : `${typeof value === "number" ? "the number" : typeof value} ${JSON.stringify(value) ?? String(typeof value)}`;

const at = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (current, key) =>
      typeof current === "object" && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1();

/** One line per key the schema refused: `allergies: Expected string, got null`. */
const problemsOf = (issue: SchemaIssue.Issue, value: unknown): string[] =>
  formatIssues(issue).issues.map(({ path, message }) => {
    const keys = (path ?? []).map((key) => (typeof key === "object" && key !== null ? key.key : key));
    const name = keys.length === 0 ? "(the answer)" : keys.map(String).join(".");
    const found = at(value, keys);
    if (found !== undefined || keys.length === 0) return `${name}: ${message}, got ${describe(found)}`;
    return /missing/i.test(message) ? `${name}: ${message}` : `${name}: ${message} (missing)`;
  });

const rowId = (value: unknown): string | null => {
  const id = typeof value === "object" && value !== null ? (value as Record<string, unknown>).id : undefined;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
};

/**
 * Where a read row differs from what came: the shapes the app tolerated (by key, not by value). `dropped`: the keys
 * the app reads when they have its shape, left out because they had another (src/api/schemas/lenient.ts).
 */
const deviations = (raw: unknown, decoded: unknown, dropped: readonly string[]): string[] => {
  if (typeof raw !== "object" || raw === null || typeof decoded !== "object" || decoded === null) return [];
  const kept = decoded as Record<string, unknown>;
  return Object.entries(raw as Record<string, unknown>).flatMap(([key, value]) => {
    if (dropped.includes(key)) return [`${key}: not of the shape the app reads, left out`];
    if (!(key in kept)) return [`${key}: sent, not read (a key the app does not use)`];
    const read = kept[key];
    if (value === null && read !== null) return [`${key}: null, read as empty`];
    if (value !== null && read !== null && typeof value !== typeof read)
      return [`${key}: ${typeof value} read as ${typeof read}`];
    return [];
  });
};

const tally = (into: Map<string, number>, lines: readonly string[]) => {
  for (const line of new Set(lines)) into.set(line, (into.get(line) ?? 0) + 1);
};

/** Reads `rows` one by one with `schema` (the app's schema of one row). */
export const readRows = (schema: Schema.ConstraintDecoder<unknown>, rows: readonly unknown[]): Reading => {
  const unread: { id: string | null; problems: string[] }[] = [];
  const tolerated = new Map<string, number>();
  let read = 0;
  for (const row of rows) {
    // The app's own decoding, which also says the keys it left out.
    const { result, dropped } = decodeReporting(schema, row);
    if (Result.isSuccess(result)) {
      read += 1;
      tally(tolerated, deviations(row, result.success, dropped));
    } else {
      // Read again for every problem of the row, not only the first.
      const all = Schema.decodeUnknownResult(schema)(row, { errors: "all" });
      const issue = Result.isFailure(all) ? all.failure.issue : result.failure.issue;
      unread.push({ id: rowId(row), problems: problemsOf(issue, row) });
    }
  }
  return { read, unread, tolerated };
};

/** Reads one object (a profile, the stats) with `schema`. */
export const readOne = (schema: Schema.ConstraintDecoder<unknown>, value: unknown): Reading =>
  readRows(schema, [value]);

/**
 * A list's rows as the app reads that list: DRF's paged envelope (`count`, `results`, `next`, `previous`), or, where
 * the app accepts it, a bare array. A string when the answer is neither.
 */
export const listRows = (
  answer: unknown,
  accepts: "paged" | "array" | "either",
): { readonly rows: readonly unknown[]; readonly next: string | null } | string => {
  if (Array.isArray(answer)) {
    return accepts === "paged"
      ? "a bare list, where the app reads DRF's paged envelope ({count, next, previous, results})"
      : { rows: answer, next: null };
  }
  if (typeof answer === "object" && answer !== null && Array.isArray((answer as { results?: unknown }).results)) {
    const { results, count, next } = answer as { results: unknown[]; count?: unknown; next?: unknown };
    if (accepts === "array") return "a paged envelope, where the app asks ?no_pagination=true for a bare list";
    if (accepts === "paged" && typeof count !== "number") return `count: expected a number, got ${describe(count)}`;
    if (next !== undefined && next !== null && typeof next !== "string")
      return `next: expected a link or null, got ${describe(next)}`;
    return { rows: results, next: typeof next === "string" ? next : null };
  }
  return `not a list: ${describe(answer)}`;
};
