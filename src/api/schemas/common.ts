import { Schema } from "effect";
import { Id, NullableText } from "./lenient";

/**
 * Server ids of demands, cards and agents: strings (uuids in the routes of docs/spec.md §2) or DRF's integer keys,
 * kept as text. Texts a backend may leave null read as "".
 */
export { Id, NullableText };
/** Reference ids (faculty, cycle, …) are numeric keys of the institution lists. */
export const RefId = Schema.Number;
/** ISO date-times as the server sends them; screens format them day/month/year - hours:minutes. */
export const DateTime = Schema.String;
/** Birth dates travel as plain strings, YYYY-MM-DD (docs/spec.md §5). */
export const DateString = Schema.String;

export const Validator = Schema.Struct({ username: Schema.String, first_name: NullableText });
export type Validator = Schema.Schema.Type<typeof Validator>;

/** Paged list envelope (docs/spec.md §3): absolute next/previous links the client follows as-is. */
export const Paged = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    count: Schema.Number,
    results: Schema.Array(item),
    next: Schema.NullOr(Schema.String),
    previous: Schema.NullOr(Schema.String),
  });
export interface Page<T> {
  readonly count: number;
  readonly results: ReadonlyArray<T>;
  readonly next: string | null;
  readonly previous: string | null;
  /** Rows of this page the app could not read, left out of `results` (src/api/rows.ts); absent means none. */
  readonly skipped?: number;
}
