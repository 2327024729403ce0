// @own-modules
// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../i18n/testing";
import { applyStoredTheme, getTheme, setTheme, THEME_STORAGE_KEY, ThemeSwitcher, useTheme } from "./index";
import { resetThemeForTests } from "./theme";

/** A controllable prefers-color-scheme. */
function mockSystem(initialDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initialDark,
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_: string, fn: (event: MediaQueryListEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (event: MediaQueryListEvent) => void) => listeners.delete(fn),
  };
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => query),
  );
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      listeners.forEach((fn) => fn({ matches: dark } as MediaQueryListEvent));
    },
  };
}

const root = () => document.documentElement.classList;

beforeAll(async () => {
  await setupTestI18n("en");
});
beforeEach(() => {
  localStorage.clear();
  root().remove("light", "dark");
});
afterEach(() => {
  cleanup();
  resetThemeForTests();
  vi.unstubAllGlobals();
});

describe("theme", () => {
  it("defaults to system and follows prefers-color-scheme live", () => {
    const system = mockSystem(false);
    expect(applyStoredTheme()).toBe("system");
    expect(root().contains("light")).toBe(true);
    system.setDark(true);
    expect(root().contains("dark")).toBe(true);
    expect(root().contains("light")).toBe(false);
    system.setDark(false);
    expect(root().contains("light")).toBe(true);
  });

  it("applies the stored value and ignores system changes when explicit", () => {
    const system = mockSystem(false);
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    expect(applyStoredTheme()).toBe("dark");
    expect(root().contains("dark")).toBe(true);
    system.setDark(false);
    expect(root().contains("dark")).toBe(true);
  });

  it("ignores an unknown stored value", () => {
    mockSystem(true);
    localStorage.setItem(THEME_STORAGE_KEY, "purple");
    expect(applyStoredTheme()).toBe("system");
    expect(root().contains("dark")).toBe(true);
  });

  it("setTheme stores, applies and notifies useTheme", () => {
    const system = mockSystem(false);
    applyStoredTheme();
    const seen: string[] = [];
    function Probe() {
      const { theme, resolvedTheme } = useTheme();
      seen.push(`${theme}/${resolvedTheme}`);
      return <span data-testid="probe">{`${theme}/${resolvedTheme}`}</span>;
    }
    render(<Probe />);
    expect(screen.getByTestId("probe").textContent).toBe("system/light");
    act(() => setTheme("dark"));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(root().contains("dark")).toBe(true);
    expect(screen.getByTestId("probe").textContent).toBe("dark/dark");
    act(() => setTheme("system"));
    expect(screen.getByTestId("probe").textContent).toBe("system/light");
    act(() => system.setDark(true));
    expect(screen.getByTestId("probe").textContent).toBe("system/dark");
    expect(getTheme()).toBe("system");
  });

  it("ThemeSwitcher is a labelled control showing the current theme", () => {
    mockSystem(false);
    applyStoredTheme();
    render(<ThemeSwitcher />);
    const select = screen.getByRole("combobox", { name: "Theme" }) as HTMLSelectElement;
    expect(select.value).toBe("system");
    expect(select.selectedOptions[0]?.textContent).toBe("System");
  });
});
