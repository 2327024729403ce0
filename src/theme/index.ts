export {
  applyStoredTheme,
  applyTheme,
  getStoredTheme,
  getSystemTheme,
  getTheme,
  isTheme,
  resolveTheme,
  setTheme,
  subscribeTheme,
  DEFAULT_THEME,
  THEMES,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type Theme,
} from "./theme";
export { useTheme, type UseTheme } from "./useTheme";
export { ThemeSwitcher } from "./ThemeSwitcher";
