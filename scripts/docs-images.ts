/**
 * `npm run docs:images -- --root <demo build>`: takes again the digital card's pictures of docs/extensions.md
 * (docs/images/digital-card-360-{fr,en}-{light,dark}.png) from a demo build, as a holder's 360 px phone shows the
 * page: the demo seed's first active student card with a photo kept on the phone, the whole page, in French and
 * English, light and dark. Run it after a change that moves what the page shows.
 *   CAMPUS_DEMO_LATENCY=0 npx vite build --outDir dist-docs && npm run docs:images -- --root dist-docs
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_ARGS } from "./lib/chromium-args.ts";
import { serveStatic } from "./lib/static-server.ts";
import { registerTsHooks } from "./lib/ts-hooks.ts";

const { values } = parseArgs({
  options: { root: { type: "string", default: "dist" }, out: { type: "string", default: "docs/images" } },
});
registerTsHooks();
const { chromium } = await import("playwright-core");
const { browserPath } = await import("../tests/e2e/support/browser.ts");
const { digitalCardOf, holderOf, keepDigitalCard } = await import("../tests/e2e/support/digital-card.ts");

const config: unknown = JSON.parse(readFileSync(join(values.root, "config.json"), "utf8"));
const server = await serveStatic(values.root, config);
const browser = await chromium.launch({ executablePath: browserPath, args: [...CHROMIUM_ARGS] });
try {
  for (const lang of ["fr", "en"] as const)
    for (const scheme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 360, height: 740 },
        colorScheme: scheme,
      });
      await context.addInitScript((language) => localStorage.setItem("i18nextLng", language), lang);
      const page = await context.newPage();
      // The demo backend runs where the app runs: a page of the app first, then the card kept, then its page.
      await page.goto("/auth");
      await page.waitForFunction(() => "__campusDemo" in globalThis);
      // The face as most holders see it: with their photo (the seed leaves a few cards without one).
      let index = 0;
      while (!(await digitalCardOf(page, await holderOf(page, index))).card?.photo_str) index++;
      await keepDigitalCard(page, index);
      await page.goto("/digital-card");
      await page.locator("main section[data-state=active] img[src^='data:image/svg']").waitFor();
      await page.locator("main .animate-cc-spin").waitFor({ state: "detached" });
      const file = resolve(values.out, `digital-card-360-${lang}-${scheme}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide" });
      console.log(file);
      await context.close();
    }
} finally {
  await browser.close();
  await server.close();
}
