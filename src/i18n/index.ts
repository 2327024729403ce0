import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { readStoredLanguage, writeStoredLanguage } from "../browser/local-storage";
import { createImportBackend, type NamespaceLoader, type RetryOptions } from "./backend";
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  NAMESPACES,
  type Language,
  type Namespace,
  normalizeLanguage,
} from "./namespaces";

export * from "./namespaces";
export { loadWithRetry, type NamespaceLoader, type RetryOptions } from "./backend";

/** The stored preference, else French (docs/spec.md §1: stored preference, default French). */
export const getStoredLanguage = (): Language => readStoredLanguage() ?? DEFAULT_LANGUAGE;

const syncDocument = (language: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = normalizeLanguage(language) ?? language;
};

export interface I18nOptions {
  /** Namespace loader (tests inject one); defaults to dynamic import of the locale JSON files. */
  loader?: NamespaceLoader;
  retry?: RetryOptions;
  /** Language to start with; defaults to the stored preference, else French. */
  language?: Language;
  /**
   * Namespaces loaded before init resolves. Default: all 18 (small files, each its own chunk), so that
   * `t("ns:key")` works everywhere without naming the namespace in useTranslation. Namespaces not listed here
   * load on demand (`useTranslation("agent")` suspends until they arrive).
   */
  preload?: readonly Namespace[];
  /** Bind react-i18next to this instance (true for the app; tests of the raw instance may skip it). */
  react?: boolean;
}

/** Builds and initialises an i18next instance (exported for tests; the app uses initI18n). */
export async function createI18n(options: I18nOptions = {}, instance: I18n = i18next.createInstance()): Promise<I18n> {
  if (options.react !== false) instance.use(initReactI18next);
  instance.use(createImportBackend(options.loader, options.retry));
  instance.on("languageChanged", (language) => {
    syncDocument(language);
    const normalized = normalizeLanguage(language);
    if (normalized) writeStoredLanguage(normalized);
  });
  await instance.init({
    lng: options.language ?? getStoredLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: "languageOnly",
    ns: [...(options.preload ?? NAMESPACES)],
    defaultNS: "common",
    fallbackNS: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // The backend retries by itself (docs/spec.md §9: 5 retries, 350 ms base); do not let the connector retry again.
    maxRetries: 0,
    react: { useSuspense: true },
  });
  syncDocument(instance.resolvedLanguage ?? instance.language);
  return instance;
}

let ready: Promise<I18n> | null = null;

/**
 * Initialises the app-wide instance (the i18next default export, bound to react-i18next) once; later calls
 * return the same promise. Resolves once the current language's preloaded namespaces are in.
 */
export const initI18n = (options: Omit<I18nOptions, "react"> = {}): Promise<I18n> => {
  ready ??= createI18n(options, i18next);
  return ready;
};

/** Switches language (loads its namespaces first), stores the choice and updates <html lang>. */
export const setLanguage = async (language: Language): Promise<void> => {
  writeStoredLanguage(language);
  await i18next.changeLanguage(language);
};

/** The app-wide i18next instance. */
export const i18n: I18n = i18next;
