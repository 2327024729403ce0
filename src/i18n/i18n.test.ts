// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createI18n,
  initI18n,
  i18n,
  setLanguage,
  LANGUAGE_STORAGE_KEY,
  loadWithRetry,
  type NamespaceLoader,
} from "./index";
import { formatDate, formatDateTime } from "./format";

const noSleep = { sleep: () => Promise.resolve() };

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute("lang");
});
afterEach(() => vi.restoreAllMocks());

describe("i18n", () => {
  it("starts in French by default, loads the namespaces and sets <html lang>", async () => {
    const instance = await createI18n({ retry: noSleep });
    expect(instance.language).toBe("fr");
    expect(instance.t("errors:notValid")).toBe("Nom d'utilisateur ou mot de passe incorrect");
    expect(instance.t("common:pageOf", { page: 2, total: 5 })).toBe("2 sur 5");
    expect(document.documentElement.lang).toBe("fr");
  });

  it("starts in the stored language", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "en-US");
    const instance = await createI18n({ retry: noSleep });
    expect(instance.language).toBe("en");
    expect(instance.t("errors:notValid")).toBe("Invalid username or password");
    expect(document.documentElement.lang).toBe("en");
  });

  it("switches to English, stores the choice and updates <html lang>", async () => {
    const instance = await createI18n({ retry: noSleep });
    await instance.changeLanguage("en");
    expect(instance.t("common:pageOf", { page: 1, total: 3 })).toBe("1 of 3");
    expect(document.documentElement.lang).toBe("en");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
  });

  it("setLanguage drives the app-wide instance", async () => {
    await initI18n({ retry: noSleep });
    expect(i18n.language).toBe("fr");
    await setLanguage("en");
    expect(i18n.t("nav:logout")).toBe("Log out");
    expect(document.documentElement.lang).toBe("en");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
    await setLanguage("fr");
    expect(i18n.t("nav:logout")).toBe("Se déconnecter");
    expect(document.documentElement.lang).toBe("fr");
  });

  it("retries a failing namespace load with exponential back-off, then succeeds", async () => {
    const delays: number[] = [];
    let failures = 0;
    const loader: NamespaceLoader = vi.fn(async (lng, ns) => {
      if (ns === "errors" && failures < 5) {
        failures += 1;
        throw new Error("Failed to fetch dynamically imported module");
      }
      return { notValid: `${lng}:${ns}` };
    });
    const instance = await createI18n({
      loader,
      preload: ["errors"],
      retry: { sleep: async (ms) => void delays.push(ms) },
    });
    expect(loader).toHaveBeenCalledTimes(6); // 1 attempt + 5 retries
    expect(delays).toEqual([350, 700, 1400, 2800, 5600]);
    expect(instance.t("errors:notValid")).toBe("fr:errors");
  });

  it("gives up after 5 retries and falls back to the key", async () => {
    const loader: NamespaceLoader = vi.fn(async () => {
      throw new Error("offline");
    });
    const instance = await createI18n({ loader, preload: ["errors"], retry: noSleep });
    expect(loader).toHaveBeenCalledTimes(6);
    expect(instance.t("errors:notValid")).toBe("notValid");
  });

  it("loadWithRetry waits 350 ms, then doubles (fake timers)", async () => {
    vi.useFakeTimers();
    try {
      const load = vi
        .fn()
        .mockRejectedValueOnce(new Error("1"))
        .mockRejectedValueOnce(new Error("2"))
        .mockResolvedValue("ok");
      const result = loadWithRetry(load);
      await vi.advanceTimersByTimeAsync(349);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(700);
      await expect(result).resolves.toBe("ok");
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("date formatting", () => {
  it("shows day/month/year - hours:minutes", () => {
    expect(formatDateTime(new Date(2024, 0, 5, 9, 7))).toBe("05/01/2024 - 09:07");
    expect(formatDate("2001-12-31")).toBe("31/12/2001");
    expect(formatDateTime("not a date")).toBe("");
  });
});
