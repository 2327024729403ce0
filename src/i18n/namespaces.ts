import { kindIds } from "../api/kind-ids.ts";
import { isOneOf } from "../api/one-of.ts";

/**
 * The 18 translation namespaces (docs/spec.md §1): one per kind of card holder (src/api/kind-ids.ts) among the shared
 * ones. Every one exists in fr and en with identical keys.
 */
export const NAMESPACES = [
  "common",
  "nav",
  "auth",
  "home",
  "registration",
  ...kindIds,
  "demand",
  "card",
  "check",
  "agent",
  "profile",
  "dashboard",
  "terms",
  "errors",
  "validation",
  "verify",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the live check screen speaks without the app (src/entry/check-page.ts); its header and footer are
 * prerendered.
 */
export const CHECK_SCREEN_NAMESPACES = ["common", "errors", "check"] as const satisfies readonly Namespace[];
/** The id of the JSON data block in which a prerendered check page carries those namespaces (French). */
export const CHECK_TRANSLATIONS_ID = "check-translations";

export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "fr";
export const FALLBACK_LANGUAGE: Language = "fr";

/** localStorage key of the chosen language (same key as i18next-browser-languagedetector uses). */
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

export const isLanguage = (value: unknown): value is Language => isOneOf(LANGUAGES, value);

/** "en-GB" → "en"; anything unsupported → undefined. */
export const normalizeLanguage = (value: string | null | undefined): Language | undefined => {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
};
