import type { ReactNode } from "react";
import { I18nProvider } from "react-aria-components";
import { useTranslation } from "react-i18next";

const locales: Record<string, string> = { fr: "fr-CM", en: "en-GB" };

/**
 * Keeps react-aria's own strings (e.g. "Clear search", toast region label) and number/date formatting in the
 * i18next language. Mount once inside the app, around everything that uses the UI kit.
 */
export function AriaLocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language ?? "fr").split("-")[0] ?? "fr";
  return <I18nProvider locale={locales[language] ?? language}>{children}</I18nProvider>;
}
