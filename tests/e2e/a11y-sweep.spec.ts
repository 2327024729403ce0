import { expect } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { equalAccessViolations } from "./support/equal-access";
import { mainReady, signInAsAdmin } from "./support/a11y-pages";
import { routes } from "./support/a11y-routes";
import { englishLooks, frenchLooks, lookNames, looks, sweep, variantOf, type Look } from "./support/a11y-sweep";

/**
 * Accessibility gate (issue "Quality gates" item 2) on the demo build: axe (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA)
 * finds 0 violations on every route of docs/spec.md §2, public and dashboard, in French and English, light and dark,
 * at 1280 and 390 px (a phone's screen, such as the digital card, at 360 px too); IBM's Equal Access engine reads
 * the back office's and the phone's screens' names and labels too, at every width.
 * Each route is its own test (a failure names it, each violation its language and look), in one browser context per
 * worker kept for the whole sweep; each route is loaded in French, its main content awaited (no fixed sleeps),
 * analysed, then switched to English in the header and analysed again. The routes are in support/a11y-routes.ts,
 * the looks in support/a11y-sweep.ts; a11y-engines.spec.ts checks that both engines do see faults.
 */

// Each route is its own test: a failure names the route, and each violation its language and look.
sweep.describe("axe: 0 violations", () => {
  for (const route of routes) {
    const seen = frenchLooks(route);
    const title = `${route.name} (fr: ${lookNames(seen)}; en: ${lookNames(englishLooks(route))})`;
    sweep(title, async ({ browser, keep }) => {
      sweep.setTimeout(60_000);
      const variant = await variantOf(browser, keep);
      const { page } = variant;
      if (route.signedIn && !variant.signedIn) {
        await signInAsAdmin(page);
        variant.signedIn = true;
      }
      const errors: string[] = [];
      const onError = (error: Error) => errors.push(String(error));
      page.on("pageerror", onError);
      const html = page.locator("html");
      const violations: string[] = [];
      const look = async (lang: "fr" | "en", look: Look, path: string) => {
        await page.setViewportSize(look);
        await page.emulateMedia({ colorScheme: look.scheme });
        if (look.scheme === "dark") await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);
        violations.push(
          ...(await axeViolations(page, `${lang} ${look.width} px ${look.scheme} ${path}`, [], look.rules)),
        );
        // The back office and the phone's screens read by a second engine too (IBM's Equal Access): names and
        // labels both agree on.
        if ((route.signedIn || route.narrow) && lang === "fr" && look.rules === "all")
          violations.push(...(await equalAccessViolations(page, `equal access ${look.width} px ${path}`)));
      };
      try {
        await page.setViewportSize(seen[0]!);
        await page.emulateMedia({ colorScheme: seen[0]!.scheme });
        await route.before?.(page);
        const path = typeof route.path === "string" ? route.path : await route.path(variant);
        await page.goto(path);
        await (route.ready ?? mainReady)(page, variant);
        await expect(html).toHaveAttribute("lang", "fr");
        for (const each of seen) await look("fr", each, path);
        // The reader switches to English in the header (at the desk's width, where the picker is in view); a page
        // without the picker is reloaded in English.
        await page.setViewportSize(looks[0]);
        const picker = page.getByRole("combobox", { name: "Langue" }).first();
        if ((await picker.count()) > 0) await picker.selectOption("en");
        else {
          await page.evaluate(() => localStorage.setItem("i18nextLng", "en"));
          await page.reload();
        }
        await expect(html).toHaveAttribute("lang", "en");
        await mainReady(page);
        for (const each of englishLooks(route)) await look("en", each, path);
        await route.after?.(page);
        expect([...violations, ...errors.map((e) => `uncaught ${e}`)]).toEqual([]);
      } finally {
        page.off("pageerror", onError);
      }
    });
  }
});
