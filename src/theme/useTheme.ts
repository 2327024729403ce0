import { useSyncExternalStore } from "react";
import { getTheme, resolveTheme, setTheme, subscribeTheme, type ResolvedTheme, type Theme } from "./theme";

export interface UseTheme {
  theme: Theme;
  /** What is actually shown: "system" resolved through prefers-color-scheme. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

const snapshot = () => `${getTheme()}|${resolveTheme(getTheme())}`;

export function useTheme(): UseTheme {
  const value = useSyncExternalStore(subscribeTheme, snapshot, () => "system|light");
  const [theme, resolvedTheme] = value.split("|") as [Theme, ResolvedTheme];
  return { theme, resolvedTheme, setTheme };
}
