import type { BackendModule, ReadCallback, ResourceKey } from "i18next";

/** Loads one namespace of one language; rejects when the chunk cannot be fetched. */
export type NamespaceLoader = (language: string, namespace: string) => Promise<ResourceKey>;

export interface RetryOptions {
  /** Retries after the first attempt (docs/spec.md §9: 5). */
  retries?: number;
  /** First delay; doubles on each retry: 350, 700, 1400, 2800, 5600 ms (docs/spec.md §9: 350 ms base). */
  baseDelay?: number;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
}

export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_BASE_DELAY = 350;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `load` once, then up to `retries` more times with exponential back-off. Rejects with the last error. */
export async function loadWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? TRANSLATION_RETRIES;
  const baseDelay = options.baseDelay ?? TRANSLATION_RETRY_BASE_DELAY;
  const sleep = options.sleep ?? defaultSleep;
  let attempt = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await sleep(baseDelay * 2 ** attempt);
      attempt += 1;
    }
  }
}

// Each locale file as a module (tests, Node) and as the URL of the emitted JSON asset (the browser).
const localeModules = import.meta.glob<{ default: ResourceKey }>("./locales/*/*.json");
const localeUrls = import.meta.glob<string>("./locales/*/*.json", { query: "?url", import: "default", eager: true });

/** Loads src/i18n/locales/<lng>/<ns>.json as a module (used by tests). */
export const importLocale: NamespaceLoader = async (language, namespace) => {
  const load = localeModules[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  return (await load()).default;
};

/**
 * The browser's loader: translations are data, fetched as JSON files (hashed, cacheable) rather than shipped as
 * JavaScript, which keeps them out of the pages' script weight.
 */
export const fetchLocale: NamespaceLoader = async (language, namespace) => {
  const url = localeUrls[`./locales/${language}/${namespace}.json`];
  if (!url) throw new Error(`No translations for ${language}/${namespace}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Translations ${language}/${namespace} answered ${response.status}`);
  return (await response.json()) as ResourceKey;
};

/** In the built app and the dev server, fetch; under Vitest (no server for the assets), import. */
export const defaultLocaleLoader: NamespaceLoader = import.meta.env.MODE === "test" ? importLocale : fetchLocale;

/**
 * i18next backend over a NamespaceLoader with its own retry loop (i18next's connector retries are turned off in
 * initI18n, so the counts stay exact). A namespace that still fails is reported to i18next, which then falls back
 * to the fallback language or the key.
 */
export function createImportBackend(
  load: NamespaceLoader = defaultLocaleLoader,
  retry: RetryOptions = {},
): BackendModule {
  return {
    type: "backend",
    callbackApi: true,
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      loadWithRetry(() => load(language, namespace), retry).then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : String(error), false),
      );
    },
  };
}
