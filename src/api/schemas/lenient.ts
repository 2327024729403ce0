import { Effect, Option, Result, Schema, SchemaTransformation } from "effect";

/**
 * Liberal in what we accept (docs/assumptions.md, "Answers of a Django REST backend"): what a backend written from
 * docs/spec.md with DRF's defaults plausibly answers, read into the app's own types.
 */

/** A number id as DRF's integer keys send it, read as the app's string id. */
const IntegerId = Schema.Int.pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform({ decode: (id: number) => String(id), encode: (id: string) => Number(id) }),
  ),
);

/** Server ids: a string (uuids in the routes of docs/spec.md §2) or an integer primary key, kept as a string. */
export const Id = Schema.Union([Schema.String, IntegerId]);

/** A text a backend may leave null (a blank column with `null=True`): null reads as "". */
export const NullableText = Schema.Union([
  Schema.String,
  Schema.Null.pipe(
    Schema.decodeTo(
      Schema.String,
      SchemaTransformation.transform({ decode: () => "", encode: (text: string) => (text === "" ? null : null) }),
    ),
  ),
]);

/** Where the keys left out while decoding are told (decodeReporting sets it for the time of one decoding). */
let noteDropped: ((key: string) => void) | null = null;

/**
 * A key docs/spec.md §3 does not list for its entity (a backend's own column, an extension's field), named here as
 * in its struct: read when it has the expected shape, left out (and reported) when it has another, so a backend
 * that sends it with another meaning (`fields = "__all__"` sends a demand's `validator` as a user id) loses that
 * key, never the entity.
 */
export const lenient = <S extends Schema.Top>(key: string, schema: S) =>
  Schema.optionalKey(
    schema.pipe(
      Schema.catchDecoding(() => {
        noteDropped?.(key);
        return Effect.succeed(Option.none());
      }),
    ),
  );

export interface Decoded<T> {
  readonly result: Result.Result<T, Schema.SchemaError>;
  /** Keys left out because they did not have the expected shape, each named once. */
  readonly dropped: readonly string[];
}

/** Decodes `input` with `schema`, with the keys it left out (lenientFields). Synchronous, so nothing else interleaves. */
export const decodeReporting = <T>(schema: Schema.ConstraintDecoder<T>, input: unknown): Decoded<T> => {
  const dropped = new Set<string>();
  const outer = noteDropped;
  noteDropped = (key) => {
    dropped.add(key);
    outer?.(key);
  };
  try {
    return { result: Schema.decodeUnknownResult(schema)(input), dropped: [...dropped] };
  } finally {
    noteDropped = outer;
  }
};

/** One console warning per key left out of an answer (an operation's), never one per row. */
export const warnDropped = (operation: string, dropped: readonly string[]): void => {
  for (const key of dropped) console.warn(`${operation}: "${key}" left out (not of the expected shape)`);
};
