import { test as base, type Page } from "@playwright/test";
import { BOOT } from "../../../src/entry/boot-attributes";

/**
 * Public pages are prerendered (scripts/lib/prerender.ts): their HTML shows before the app runs, and the app
 * then takes the page over. A user who acts in between reaches a page without behaviour; tests act after.
 */
export const waitForApp = (page: Page) =>
  page.waitForFunction((name) => !document.querySelector(`#root[${name}]`), BOOT.prerendered);

/** Makes every navigation of `page` (goto, reload) resolve once the app owns the page. */
export const actAfterTakeover = (page: Page): Page => {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  return page;
};

/** Playwright's `test`, with every page of the test's context acting after the takeover. */
export const test = base.extend({
  context: async ({ context }, use) => {
    context.on("page", actAfterTakeover);
    await use(context);
  },
});
