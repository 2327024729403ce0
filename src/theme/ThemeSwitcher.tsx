import type { Key } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Select } from "../ui/Select";
import { ListBoxItem } from "../ui/ListBox";
import { THEMES, isTheme } from "./theme";
import { useTheme } from "./useTheme";

/** Light / dark / system picker: a labelled select (keyboard: Enter/Space/arrows, type-ahead). */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const { theme, setTheme } = useTheme();
  const items = THEMES.map((id) => ({ id, label: t(`theme.${id}`) }));
  return (
    <Select
      aria-label={t("theme.label")}
      selectedKey={theme}
      onSelectionChange={(key: Key | null) => {
        if (isTheme(key)) setTheme(key);
      }}
      items={items}
      className={["w-32", className].filter(Boolean).join(" ")}
    >
      {(item) => <ListBoxItem id={item.id}>{item.label}</ListBoxItem>}
    </Select>
  );
}
