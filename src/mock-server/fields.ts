import { Result, Schema } from "effect";
import { storedDemandKeys } from "../api/schemas/demand";
import { hasUntypableChars } from "../forms/text-chars";
import { birthDateProblem, holderAge, type BirthDateProblem } from "../forms/birth-date";
import type { AnyKind } from "../kinds";
import type { FieldValue } from "./models";
import { dayStamp } from "./dates";
import { REQUIRED } from "./http";

/**
 * The demand fields of a kind, read from its Effect schema (so the demo server accepts exactly what the client
 * types describe), with the limits of docs/spec.md §5 and §9 layered on top by field name.
 */
export interface FieldSpec {
  readonly name: string;
  readonly optional: boolean;
  /** Numeric on the wire (reference ids and enumerations); multipart sends them as text. */
  readonly numeric: boolean;
  readonly accepts: (value: unknown) => boolean;
}

/** Keys the server adds when a demand is read back; never taken from a submitted form. */
const STORED = new Set(storedDemandKeys);

type Fields = Readonly<Record<string, Schema.Top>>;
const fieldsOf = (schema: Schema.Top): Fields => (schema as unknown as { readonly fields: Fields }).fields;

const decodes = (name: string, schema: Schema.Top, value: object) =>
  Result.isSuccess(Schema.decodeUnknownResult(Schema.Struct({ [name]: schema }) as never)(value));

const cache = new Map<string, readonly FieldSpec[]>();

export const demandFieldSpecs = (kind: AnyKind): readonly FieldSpec[] => {
  const known = cache.get(kind.id);
  if (known) return known;
  const specs = Object.entries(fieldsOf(kind.schemas.demand))
    .filter(([name]) => !STORED.has(name))
    .map(([name, schema]) => ({
      name,
      optional: decodes(name, schema, {}),
      numeric: decodes(name, schema, { [name]: 1 }),
      accepts: (value: unknown) => decodes(name, schema, { [name]: value }),
    }));
  cache.set(kind.id, specs);
  return specs;
};

/** Whether the kind's demands carry a photo (its read schema has photo_str). */
export const hasPhoto = (kind: AnyKind): boolean => "photo_str" in fieldsOf(kind.schemas.demand);

/** Keys of an entity schema, to answer exactly the fields it declares. */
export const schemaKeys = (schema: Schema.Top): readonly string[] => Object.keys(fieldsOf(schema));

/** National plan: mobiles start with 6, fixed lines with 2. */
const PHONE = /^[26]\d{8}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Length in characters as Django counts them (code points): an emoji is one, not two UTF-16 units. */
const characters = (v: string) => Array.from(v).length;
const length = (min: number, max: number) => (v: string) =>
  characters(v) < min
    ? `Ensure this field has at least ${min} characters.`
    : characters(v) > max
      ? `Ensure this field has no more than ${max} characters.`
      : null;

/** Every text: no invisible, half or non-characters (Django's RegexValidator message), then its own rule. */
const visible = (rule: (v: string) => string | null) => (v: string) =>
  hasUntypableChars(v) ? "Enter a valid value." : rule(v);

/** Birth dates: the client's rule (src/forms/birth-date.ts) on Cameroon's today, each problem its own words. */
const birthDateMessages: Record<BirthDateProblem, string> = {
  format: "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.",
  impossible: "This date does not exist.",
  future: "The birth date cannot be in the future.",
  tooYoung: `The holder must be at least ${holderAge.min} years old.`,
  tooOld: `The holder cannot be more than ${holderAge.max} years old.`,
};
const birthDate = (v: string) => {
  const problem = birthDateProblem(v, dayStamp(Date.now()));
  return problem ? birthDateMessages[problem] : null;
};

/** Text rules by server field name (docs/spec.md §5, §9); messages as Django REST framework words them. */
const textRules: Readonly<Record<string, (value: string) => string | null>> = {
  register: visible(length(5, 7)),
  firstname: visible(length(1, 20)),
  lastname: visible(length(1, 20)),
  contact_person_name: visible(length(1, 15)),
  nid: visible(length(1, 10)),
  // Not in the spec: the client's limits (src/forms/rules.ts), so one demand cannot hold megabytes of text.
  birth_place: visible(length(1, 100)),
  allergies: visible(length(1, 500)),
  phone: (v) => (PHONE.test(v) ? null : "Invalid phone number."),
  contact_person_phone: (v) => (PHONE.test(v) ? null : "Invalid phone number."),
  email: visible((v) =>
    characters(v) > 254
      ? "Ensure this field has no more than 254 characters."
      : EMAIL.test(v)
        ? null
        : "Enter a valid email address.",
  ),
  birth_at: birthDate,
};

export type FieldErrors = Record<string, string[]>;

/**
 * Reads the submitted `raw` strings over `base` (the stored values when editing, empty when submitting).
 * Answers the typed values, and the errors of every field that is missing or wrong.
 */
export const readDemandFields = (
  kind: AnyKind,
  raw: Readonly<Record<string, string>>,
  base: Readonly<Record<string, FieldValue>> = {},
): { values: Record<string, FieldValue>; errors: FieldErrors } => {
  const values: Record<string, FieldValue> = {};
  const errors: FieldErrors = {};
  for (const spec of demandFieldSpecs(kind)) {
    const sent = raw[spec.name];
    const text = sent === undefined ? undefined : sent.trim();
    if (text === undefined || text === "") {
      const kept = text === undefined ? base[spec.name] : undefined;
      if (kept !== undefined && kept !== null) values[spec.name] = kept;
      else if (spec.optional) values[spec.name] = null;
      else errors[spec.name] = [REQUIRED];
      continue;
    }
    if (spec.numeric) {
      const n = Number(text);
      if (!Number.isInteger(n)) errors[spec.name] = ["A valid integer is required."];
      else if (!spec.accepts(n)) errors[spec.name] = [`"${text}" is not a valid choice.`];
      else values[spec.name] = n;
      continue;
    }
    const problem = textRules[spec.name]?.(text) ?? (spec.accepts(text) ? null : "Not a valid string.");
    if (problem) errors[spec.name] = [problem];
    else values[spec.name] = text;
  }
  return { values, errors };
};
