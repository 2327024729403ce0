import { expect, type Page } from "@playwright/test";
import { test } from "./support/takeover";
import { BOOT } from "../../src/entry/boot-attributes";

/**
 * Public pages are prerendered at build time (scripts/lib/prerender.ts): their content is in the HTML, painted
 * before any script runs, and the app takes the page over without moving anything.
 */
test.describe("prerendered public pages", () => {
  test("show their content with scripts disabled; check pages their kind's template; other URLs the empty app shell", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(`a[href="/registration"]`).first()).toBeVisible();
    await page.goto("/auth");
    await expect(page.getByLabel("Nom d'utilisateur")).toBeVisible();
    await page.goto("/registration/student");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByLabel(/Matricule/).first()).toBeVisible();
    // The header's pickers show the choices the app will show: the device's theme, French.
    await expect(page.getByRole("combobox", { name: "Thème" }).first()).toHaveValue("system");
    await expect(page.getByRole("combobox", { name: "Langue" }).first()).toHaveValue("fr");
    // A check page, whatever its token: its kind's template, in the "checking…" state.
    await page.goto("/check/staff/card/any-token");
    await expect(page.getByText("Vérification d'une carte du personnel")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Vérification de la carte…" })).toBeVisible();
    for (const path of ["/dashboard", "/dashboard/student/card", "/nowhere"]) {
      await page.goto(path);
      await expect(page.locator("#root")).toBeEmpty();
    }
    await context.close();
  });

  test("forms wait for the app: a prerendered form is inert until the app takes over", async ({ request }) => {
    const html = await (await request.get("/auth")).text();
    expect(html).toMatch(new RegExp(`<div id="root" ${BOOT.prerendered}[^>]*>`));
    expect(html).toMatch(/<form[^>]*\binert\b/);
  });

  const layoutShift = async (page: Page, path: string) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    // Measured once the app has taken the page over (the moment a shift would happen), after two more frames
    // so any layout it caused has been reported; no fixed wait that a slow machine could outrun.
    await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady);
    return page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { __shift: number }).__shift)),
          ),
        ),
    );
  };

  for (const path of ["/auth", "/registration", "/registration/student"]) {
    test(`the app takes ${path} over without moving anything`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await layoutShift(page, path)).toBeLessThan(0.01);
      await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady, "");
    });
  }

  test("the landing page stays its HTML in demo mode too, and the app draws it once a language is chosen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
    });
    expect(await layoutShift(page, "/")).toBeLessThan(0.01);
    await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady, "static");
    expect(scripts.length).toBeLessThanOrEqual(2);
    await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your university identity card, online");
    await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady, "");
  });

  test("a reader who chose English never sees the French prerendered text", async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
    const page = await context.newPage();
    const seen: string[] = [];
    await page.exposeFunction("__record", (text: string) => seen.push(text));
    // What each frame is about to show (requestAnimationFrame runs just before the paint).
    await page.addInitScript(() => {
      const record = (window as unknown as { __record: (text: string) => void }).__record;
      const frame = () => {
        const root = document.getElementById("root");
        if (root && getComputedStyle(root).visibility !== "hidden") record(root.textContent ?? "");
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(seen.some((text) => text.includes("Connexion"))).toBe(false);
    await context.close();
  });
});
