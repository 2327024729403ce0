import { useTranslation } from "react-i18next";
import { NativeSelect } from "../ui/NativeSelect";
import { LANGUAGES, normalizeLanguage, type Language } from "./namespaces";
import { setLanguage } from "./index";

/**
 * Français / English picker: a labelled native select. Each language name is shown in its own language and
 * tagged with `lang` so screen readers pronounce it correctly.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("common");
  const current = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "fr";
  return (
    <NativeSelect<Language>
      label={t("language.label")}
      name="language"
      hideLabel
      value={current}
      options={LANGUAGES.map((id) => ({ value: id, label: t(`language.${id}`), lang: id }))}
      onChange={(language) => void setLanguage(language)}
      className={["w-36", className].filter(Boolean).join(" ")}
    />
  );
}
