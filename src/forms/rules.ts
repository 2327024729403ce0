/**
 * Pure validators of the registration forms (docs/spec.md §5, §9). Each answers `null` when the value is fine, or the
 * i18n key (namespace `validation`) of the message to show. No React, no i18next: screens translate the key.
 *
 * Decisions where the spec leaves room (docs/assumptions.md):
 * - Text values are trimmed before they are measured; lengths count characters (code points), not UTF-16 units.
 * - Staff and teacher registers accept ASCII letters, digits and the three separators "-", "/" and "." only
 *   (docs/spec.md §5 "allowed characters only"); student registers are only measured (docs/spec.md §5 says nothing more).
 * - A phone is a number of the Cameroon national plan: 9 digits, mobiles starting with 6, fixed lines with 2.
 *   An optional +237 / 00237 prefix and spaces, dots and dashes are accepted and removed by `normalizePhone`.
 * - A birth date is a real calendar date written YYYY-MM-DD, not after today, of a holder aged 14 to 100
 *   (src/forms/birth-date.ts, the demo backend's rule too).
 * - The student level (niveau) is required when the reference data offers levels for the chosen school and
 *   cycle, optional otherwise (docs/spec.md §5 says required, §3/§5 say it is sent only when present).
 */
import { birthDateProblem } from "./birth-date";
import { niveauOptions, schoolOf } from "./cascade";
import { hasUntypableChars } from "./text-chars";
import type { ReferenceData } from "../api/schemas";
import type { FormValues } from "./values";

export type { FormValue, FormValues } from "./values";

/** i18n key of a validation message. */
export type ValidationKey = `validation:${string}`;
/** Errors by field name (or acceptance id). */
export type FieldErrors = Readonly<Record<string, ValidationKey>>;

/** What a rule may look at besides its own value. Every part is optional; defaults are "now" and "unknown". */
export interface RuleContext {
  /** All values of the form (for rules that depend on another field). */
  readonly values?: FormValues;
  /** Today, for the birth-date rule; defaults to the current date. */
  readonly today?: Date;
  /** Reference data, when loaded (for the level rule). */
  readonly referenceData?: ReferenceData | null;
}

export type Rule = (value: unknown, context?: RuleContext) => ValidationKey | null;

// ── Constants (docs/spec.md §9) ────────────────────────────────────────────────────────────────────────────────────

export const limits = {
  registerMin: 5,
  registerMax: 7,
  nameMax: 20,
  contactNameMax: 15,
  /** Not in the spec: generous limits of our own (docs/assumptions.md), the demo backend's too. */
  birthPlaceMax: 100,
  allergiesMax: 500,
  nidMin: 1,
  nidMax: 10,
  phoneDigits: 9,
  /** Typed phone numbers: 9 digits with a +237 or 00237 prefix and separators fit well within it. */
  phoneInputMax: 24,
} as const;

// ── Helpers ────────────────────────────────────────────────────────────────────────────────────────────────

/** A value as trimmed text ("" for nothing). */
export const textOf = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";

/** Length in characters (code points), so "é" or an emoji count once. */
export const lengthOf = (text: string): number => Array.from(text).length;

export const isBlank = (value: unknown): boolean => textOf(value) === "";

/** Local calendar date as YYYY-MM-DD. */
export const isoDate = (date: Date): string =>
  `${String(date.getFullYear()).padStart(4, "0")}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** Invisible, half or non-characters (src/forms/text-chars.ts): refused in every text field. */
const invisible = (text: string): ValidationKey | null =>
  hasUntypableChars(text) ? "validation:invisibleChars" : null;

// ── Register ───────────────────────────────────────────────────────────────────────────────────────────────

/** Characters a staff or teacher register may contain: ASCII letters, digits, "-", "/" and ".". */
export const REGISTER_CHARS = /^[A-Za-z0-9./-]+$/;

/** Student register: 5 to 7 characters. */
export const register: Rule = (value) => {
  const text = textOf(value);
  if (text === "") return "validation:registerRequired";
  if (invisible(text)) return invisible(text);
  const length = lengthOf(text);
  if (length < limits.registerMin) return "validation:registerMin";
  if (length > limits.registerMax) return "validation:registerMax";
  return null;
};

/** Staff and teacher register: 5 to 7 characters, allowed characters only. */
export const registerStrict: Rule = (value) =>
  register(value) ?? (REGISTER_CHARS.test(textOf(value)) ? null : "validation:registerChars");

// ── Names and texts ───────────────────────────────────────────────────────────────────────────────────────

const requiredText =
  (requiredKey: ValidationKey, max?: { readonly length: number; readonly key: ValidationKey }): Rule =>
  (value) => {
    const text = textOf(value);
    if (text === "") return requiredKey;
    if (invisible(text)) return invisible(text);
    if (max && lengthOf(text) > max.length) return max.key;
    return null;
  };

export const firstname: Rule = requiredText("validation:firstNameRequired", {
  length: limits.nameMax,
  key: "validation:firstNameMax",
});
export const lastname: Rule = requiredText("validation:lastNameRequired", {
  length: limits.nameMax,
  key: "validation:lastNameMax",
});
export const contactName: Rule = requiredText("validation:contactNameRequired", {
  length: limits.contactNameMax,
  key: "validation:contactNameMax",
});
export const birthPlace: Rule = requiredText("validation:birthPlaceRequired", {
  length: limits.birthPlaceMax,
  key: "validation:birthPlaceMax",
});
/** Teacher allergies: required, "None" being an answer (docs/spec.md §5). */
export const allergies: Rule = requiredText("validation:allergiesRequired", {
  length: limits.allergiesMax,
  key: "validation:allergiesMax",
});

/** National ID: 1 to 10 characters. */
export const nid: Rule = (value) => {
  const text = textOf(value);
  if (text === "") return "validation:nidRequired";
  if (invisible(text)) return invisible(text);
  const length = lengthOf(text);
  return length < limits.nidMin || length > limits.nidMax ? "validation:nidLength" : null;
};

// ── E-mail ─────────────────────────────────────────────────────────────────────────────────────────────────

/** local@domain.tld: no spaces, one "@", a domain of non-empty dot-separated labels with at least one dot. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const EMAIL_MAX = 254;

export const email: Rule = (value) => {
  const text = textOf(value);
  if (text === "") return "validation:emailRequired";
  if (invisible(text)) return invisible(text);
  return EMAIL.test(text) && text.length <= EMAIL_MAX ? null : "validation:emailInvalid";
};

// ── Phones ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Cameroon national number: 9 digits, mobiles start with 6, fixed lines with 2. */
export const NATIONAL_PHONE = /^[26]\d{8}$/;

/**
 * The 9-digit national form of a Cameroon phone number, or null when it is not one. Accepts an optional
 * +237 or 00237 prefix and spaces, dots and dashes anywhere ("+237 672 12 34 56" → "672123456").
 */
export const normalizePhone = (raw: string): string | null => {
  const compact = raw.trim().replace(/[\s.-]/g, "");
  const national = compact.replace(/^(?:\+|00)237/, "");
  return NATIONAL_PHONE.test(national) ? national : null;
};

/**
 * A phone as the applicant reads it: its 9 national digits in pairs after the first ("6 71 23 45 67"), the way
 * Cameroon numbers are written. Anything that is not a national number stays as typed, for its error to show.
 */
export const formatPhone = (raw: string): string => {
  const national = normalizePhone(raw);
  return national ? national.replace(/^(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/, "$1 $2 $3 $4 $5") : raw;
};

const phoneRule =
  (requiredKey: ValidationKey, invalidKey: ValidationKey): Rule =>
  (value) => {
    const text = textOf(value);
    if (text === "") return requiredKey;
    return normalizePhone(text) === null ? invalidKey : null;
  };

export const phone: Rule = phoneRule("validation:phoneRequired", "validation:phoneInvalid");
export const contactPhone: Rule = phoneRule("validation:contactPhoneRequired", "validation:contactPhoneInvalid");

// ── Birth date ─────────────────────────────────────────────────────────────────────────────────────────────

const birthDateKeys = {
  format: "validation:birthDateInvalid",
  impossible: "validation:birthDateImpossible",
  future: "validation:birthDateFuture",
  tooYoung: "validation:birthDateTooYoung",
  tooOld: "validation:birthDateTooOld",
} as const satisfies Record<string, ValidationKey>;

export const birthDate: Rule = (value, context) => {
  const text = textOf(value);
  if (text === "") return "validation:birthDateRequired";
  const problem = birthDateProblem(text, isoDate(context?.today ?? new Date()));
  return problem ? birthDateKeys[problem] : null;
};

// ── Choices ────────────────────────────────────────────────────────────────────────────────────────────────

/** A chosen id: a positive integer (or its text, as a select may hand it over). */
export const choiceOf = (value: unknown): number | null => {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A required select: any positive id. */
export const requiredChoice =
  (key: ValidationKey): Rule =>
  (value) =>
    choiceOf(value) === null ? key : null;

/** A required enumeration: one of the keys of its table (src/api/schemas/enums.ts). */
export const requiredEnum =
  (table: Readonly<Record<number, unknown>>, key: ValidationKey): Rule =>
  (value) => {
    const id = choiceOf(value);
    return id !== null && id in table ? null : key;
  };

/** Student level: required when levels exist for the chosen school and cycle (see the header). */
export const level: Rule = (value, context) => {
  if (choiceOf(value) !== null) return null;
  const data = context?.referenceData;
  const values = context?.values ?? {};
  if (data && niveauOptions(data, schoolOf(values), choiceOf(values.cycle), "fr").length === 0) return null;
  return "validation:levelRequired";
};

// ── Photo and acceptances ─────────────────────────────────────────────────────────────────────────────────

/** A photo as the crop dialog hands it over: a base64 data URL of a PNG, JPEG, WebP or GIF image. */
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|jpg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
export const isImageDataUrl = (value: unknown): value is string =>
  typeof value === "string" && IMAGE_DATA_URL.test(value);

/** Registration photo: optional (docs/spec.md §3 "optional photo"), but when given it must be an image. */
export const photoOptional: Rule = (value) =>
  isBlank(value) || isImageDataUrl(value) ? null : "validation:photoInvalid";
/** Photo required (student full validation, docs/spec.md §4). */
export const photoRequired: Rule = (value) => (isBlank(value) ? "validation:photoRequired" : photoOptional(value));

/** A terms checkbox (docs/spec.md §5: "You must accept the terms."). */
export const accepted = (value: unknown): ValidationKey | null => (value === true ? null : "validation:termsRequired");
