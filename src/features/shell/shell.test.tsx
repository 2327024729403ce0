// @own-modules
// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { ConfigError } from "../../app/config";
import { AppErrorFallback } from "./AppErrorFallback";
import { installChunkErrorReload, isChunkLoadError, loadQuietly, reloadOnceForChunkError } from "./chunk-load";
import { ErrorPage } from "./ErrorPage";
import { LoadingScreen } from "./LoadingScreen";
import { NotFoundPage } from "./NotFoundPage";
import { OfflineBanner } from "./OfflineBanner";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LoadingScreen", () => {
  it("alternates Chargement... and Loading... every 2 s in a status region", () => {
    vi.useFakeTimers();
    render(<LoadingScreen />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Chargement...");
    act(() => void vi.advanceTimersByTime(1999));
    expect(status.textContent).toBe("Chargement...");
    act(() => void vi.advanceTimersByTime(1));
    expect(status.textContent).toBe("Loading...");
    act(() => void vi.advanceTimersByTime(2000));
    expect(status.textContent).toBe("Chargement...");
  });
});

describe("AppErrorFallback (before i18n exists)", () => {
  it("renders the English literal and a reload button", () => {
    render(<AppErrorFallback error={new Error("boom")} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Unexpected Application Error!");
    expect(screen.getByRole("button", { name: "Reload" })).toBeVisible();
  });
});

describe("NotFoundPage", () => {
  it("shows the title and both actions (English)", async () => {
    await setupTestI18n("en");
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    render(<NotFoundPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Oops! Page Not Found");
    await userEvent.click(screen.getByRole("button", { name: "Go back" }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
  });

  it("is translated (French)", async () => {
    await setupTestI18n("fr");
    render(<NotFoundPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Oups\u00a0! Page introuvable");
    expect(screen.getByRole("button", { name: "Retour" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Aller à l'accueil" })).toBeVisible();
  });
});

describe("ErrorPage", () => {
  it("shows the message and reloads", async () => {
    await setupTestI18n("en");
    const onReload = vi.fn();
    render(<ErrorPage messageKey="errors:chunkLoad" onReload={onReload} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
    expect(screen.getByRole("alert").textContent).toContain("could not be loaded");
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it("AppErrorFallback uses translations once i18n is up", async () => {
    await setupTestI18n("fr");
    render(<AppErrorFallback error={new TypeError("Failed to fetch dynamically imported module: /x.js")} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Erreur inattendue de l'application\u00a0!");
    expect(screen.getByText(/n'a pas pu être chargée/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Recharger" })).toBeVisible();
  });
});

describe("AppErrorFallback for a config.json that cannot be used (fail closed)", () => {
  it("says the configuration is unusable and which setting is wrong", async () => {
    await setupTestI18n("fr");
    const message =
      'config.json: kindPaths.teacher.segment must be "" or path segments ending with "/", like "teacher/"';
    render(<AppErrorFallback error={new ConfigError(message)} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("La configuration de ce site est inutilisable");
    expect(screen.getByText(/corrigez son fichier de configuration \(config\.json\)/)).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
  });
});

describe("chunk load errors", () => {
  it("recognises the browsers' messages", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module: /a.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads only once per minute", () => {
    sessionStorage.clear();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(reload)).toBe(true);
    expect(reloadOnceForChunkError(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads for a chunk that failed when needed, never for one fetched ahead of need (the reader may be typing)", async () => {
    sessionStorage.clear();
    const reload = vi.fn();
    const uninstall = installChunkErrorReload(reload);
    // What Vite's preload helper does when a chunk fails: the event first, then the import rejects.
    const failingImport = async () => {
      await Promise.resolve();
      window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
      throw new TypeError("Failed to fetch dynamically imported module: /assets/PhotoDialog-x.js");
    };
    await expect(loadQuietly(failingImport)).rejects.toThrow(/Failed to fetch/);
    expect(reload).not.toHaveBeenCalled();
    await failingImport().catch(() => undefined);
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });
});

describe("OfflineBanner", () => {
  it("announces offline, then back online", async () => {
    await setupTestI18n("en");
    vi.useFakeTimers();
    let online = true;
    vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
    render(<OfflineBanner />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    act(() => {
      online = false;
      window.dispatchEvent(new Event("offline"));
    });
    expect(status.textContent).toBe("You are offline.");
    act(() => {
      online = true;
      window.dispatchEvent(new Event("online"));
    });
    expect(status.textContent).toBe("Back online.");
    act(() => void vi.advanceTimersByTime(4000));
    expect(status.textContent).toBe("");
  });
});
