/**
 * What a registration form holds, beneath both the rules (rules.ts) and the cascading selects (cascade.ts), which
 * read the same values.
 */

/** A value held by a form: text as typed, reference ids and enumerations as numbers, nothing as null. */
export type FormValue = string | number | null;
export type FormValues = Readonly<Record<string, FormValue>>;
