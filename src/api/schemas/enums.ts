import { Schema } from "effect";

/** Labels carried with each enumeration (spec §3) so every screen and the demo PDF agree. */
export interface EnumLabel {
  readonly fr: string;
  readonly en: string;
}

export const SCHOOL_ID = 1 as const;
export const School = Schema.Literal(SCHOOL_ID);

export const genders = { 1: { fr: "Femme", en: "Female" }, 2: { fr: "Homme", en: "Male" } } as const satisfies Record<number, EnumLabel>;
export const Gender = Schema.Literals([1, 2]);
export type Gender = Schema.Schema.Type<typeof Gender>;

export const bloodGroups = {
  1: { fr: "O+", en: "O+" },
  2: { fr: "O-", en: "O-" },
  3: { fr: "A+", en: "A+" },
  4: { fr: "A-", en: "A-" },
  5: { fr: "B+", en: "B+" },
  6: { fr: "B-", en: "B-" },
  7: { fr: "AB+", en: "AB+" },
  8: { fr: "AB-", en: "AB-" },
  9: { fr: "Inconnu", en: "Unknown" },
} as const satisfies Record<number, EnumLabel>;
export const BloodGroup = Schema.Literals([1, 2, 3, 4, 5, 6, 7, 8, 9]);
export type BloodGroup = Schema.Schema.Type<typeof BloodGroup>;

export const payments = { 1: { fr: "Partiel", en: "Partial" }, 2: { fr: "Complet", en: "Complete" } } as const satisfies Record<number, EnumLabel>;
export const Payment = Schema.Literals([1, 2]);
export type Payment = Schema.Schema.Type<typeof Payment>;

export type Lang = "fr" | "en";
export const enumLabel = (table: Record<number, EnumLabel>, value: number, lang: Lang): string =>
  table[value]?.[lang] ?? String(value);
