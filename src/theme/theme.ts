/**
 * Colour theme (docs/spec.md §1): light, dark or system (default), stored in localStorage under `vite-ui-theme`,
 * applied as the `light` or `dark` class on <html>. "system" follows prefers-color-scheme live.
 * Framework-free so main.tsx can apply it before React renders (no inline script: CSP-safe, no flash).
 */
export type Theme = "light" | "dark" | "system";
export type ResolvedTheme = "light" | "dark";

export const THEMES: readonly Theme[] = ["light", "dark", "system"];
export const THEME_STORAGE_KEY = "vite-ui-theme";
export const DEFAULT_THEME: Theme = "system";
const DARK_QUERY = "(prefers-color-scheme: dark)";

export const isTheme = (value: unknown): value is Theme =>
  typeof value === "string" && (THEMES as string[]).includes(value);

const readStorage = (): string | null => {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
};

export const getStoredTheme = (): Theme => {
  const stored = readStorage();
  return isTheme(stored) ? stored : DEFAULT_THEME;
};

const darkQuery = (): MediaQueryList | null =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;

export const getSystemTheme = (): ResolvedTheme => (darkQuery()?.matches ? "dark" : "light");

export const resolveTheme = (theme: Theme): ResolvedTheme => (theme === "system" ? getSystemTheme() : theme);

let current: Theme = DEFAULT_THEME;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Puts exactly one of `light` / `dark` on <html>. */
export const applyTheme = (theme: Theme): ResolvedTheme => {
  const resolved = resolveTheme(theme);
  if (typeof document !== "undefined") {
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(resolved);
  }
  return resolved;
};

let watching: (() => void) | null = null;

/** Follows OS changes while the theme is "system", and other tabs' choices (storage event). Idempotent. */
const watch = () => {
  if (watching || typeof window === "undefined") return;
  const query = darkQuery();
  const onSystemChange = () => {
    if (current === "system") {
      applyTheme("system");
      notify();
    }
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    current = isTheme(event.newValue) ? event.newValue : DEFAULT_THEME;
    applyTheme(current);
    notify();
  };
  query?.addEventListener("change", onSystemChange);
  window.addEventListener("storage", onStorage);
  watching = () => {
    query?.removeEventListener("change", onSystemChange);
    window.removeEventListener("storage", onStorage);
    watching = null;
  };
};

/** Call from the app entry before the first render: reads the stored theme, applies it and starts watching. */
export const applyStoredTheme = (): Theme => {
  current = getStoredTheme();
  applyTheme(current);
  watch();
  return current;
};

export const getTheme = (): Theme => current;

export const setTheme = (theme: Theme): void => {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  applyTheme(theme);
  watch();
  notify();
};

export const subscribeTheme = (listener: () => void): (() => void) => {
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
};

/** Test helper: stop listening and forget the in-memory theme. */
export const resetThemeForTests = (): void => {
  watching?.();
  listeners.clear();
  current = DEFAULT_THEME;
};
