import { useTranslation } from "react-i18next";
import { NativeSelect } from "../ui/NativeSelect";
import { THEMES, type Theme } from "./theme";
import { useTheme } from "./useTheme";

/** Light / dark / system picker: a labelled native select. */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const { theme, setTheme } = useTheme();
  return (
    <NativeSelect<Theme>
      label={t("theme.label")}
      name="theme"
      hideLabel
      value={theme}
      options={THEMES.map((id) => ({ value: id, label: t(`theme.${id}`) }))}
      onChange={setTheme}
      className={["w-32", className].filter(Boolean).join(" ")}
    />
  );
}
