export { applyStoredTheme, getTheme, setTheme, THEME_STORAGE_KEY } from "./theme";
export { useTheme } from "./useTheme";
export { ThemeSwitcher } from "./ThemeSwitcher";
