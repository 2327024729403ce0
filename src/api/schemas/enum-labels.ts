import type { Language } from "../../i18n/namespaces";

/**
 * Labels carried with each enumeration (docs/spec.md §3) so every screen and the demo PDF agree. Kept apart from the
 * schemas (no effect import): the light check page (src/entry/check-page.ts) shows blood groups too.
 */
export interface EnumLabel {
  readonly fr: string;
  readonly en: string;
}

export const genders = { 1: { fr: "Femme", en: "Female" }, 2: { fr: "Homme", en: "Male" } } as const satisfies Record<
  number,
  EnumLabel
>;

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

export const payments = {
  1: { fr: "Partiel", en: "Partial" },
  2: { fr: "Complet", en: "Full" },
} as const satisfies Record<number, EnumLabel>;

export const enumLabel = (table: Record<number, EnumLabel>, value: number, lang: Language): string =>
  table[value]?.[lang] ?? String(value);
