import type { i18n as I18n } from "i18next";
import { createI18n } from "./index";
import type { Language } from "./namespaces";

/**
 * For component tests: a fresh i18next instance bound to react-i18next, with the real locale files, all 18
 * namespaces loaded and no retry delays. `await setupTestI18n("en")` in a beforeEach/beforeAll.
 */
export const setupTestI18n = (language: Language = "fr"): Promise<I18n> =>
  createI18n({ language, retry: { sleep: () => Promise.resolve() } });
