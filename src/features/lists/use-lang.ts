import { useTranslation } from "react-i18next";
import type { Language } from "../../i18n/namespaces";

/** The current UI language as the reference lists and enumerations label it. */
export const useLang = (): Language => {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language ?? "fr").startsWith("en") ? "en" : "fr";
};
