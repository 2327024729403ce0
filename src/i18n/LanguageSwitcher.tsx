import type { Key } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { ListBoxItem } from "../ui/ListBox";
import { Select } from "../ui/Select";
import { LANGUAGES, isLanguage, normalizeLanguage } from "./namespaces";
import { setLanguage } from "./index";

/**
 * Français / English picker: a labelled select. Each language name is shown in its own language and tagged with
 * `lang` so screen readers pronounce it correctly.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("common");
  const current = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "fr";
  return (
    <Select
      aria-label={t("language.label")}
      selectedKey={current}
      onSelectionChange={(key: Key | null) => {
        if (isLanguage(key)) void setLanguage(key);
      }}
      items={LANGUAGES.map((id) => ({ id }))}
      className={["w-36", className].filter(Boolean).join(" ")}
    >
      {(item) => (
        <ListBoxItem id={item.id} textValue={t(`language.${item.id}`)} lang={item.id}>
          {t(`language.${item.id}`)}
        </ListBoxItem>
      )}
    </Select>
  );
}
