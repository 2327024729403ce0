import type { BackendModule, ReadCallback, ResourceKey } from "i18next";

/** Loads one namespace of one language; rejects when the chunk cannot be fetched. */
export type NamespaceLoader = (language: string, namespace: string) => Promise<ResourceKey>;

export interface RetryOptions {
  /** Retries after the first attempt (spec §9: 5). */
  retries?: number;
  /** First delay; doubles on each retry: 350, 700, 1400, 2800, 5600 ms (spec §9: 350 ms base). */
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

// Vite turns each locale file into its own lazy chunk.
const localeFiles = import.meta.glob<{ default: ResourceKey }>("./locales/*/*.json");

/** The production loader: dynamic import of src/i18n/locales/<lng>/<ns>.json. */
export const importLocale: NamespaceLoader = async (language, namespace) => {
  const load = localeFiles[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  return (await load()).default;
};

/**
 * i18next backend over a NamespaceLoader with its own retry loop (i18next's connector retries are turned off in
 * initI18n, so the counts stay exact). A namespace that still fails is reported to i18next, which then falls back
 * to the fallback language or the key.
 */
export function createImportBackend(load: NamespaceLoader = importLocale, retry: RetryOptions = {}): BackendModule {
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
