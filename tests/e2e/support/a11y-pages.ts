import { expect, type Page } from "@playwright/test";

/** The accessibility tests' steps (a11y-*.spec.ts and the sweep's route table): a page ready, the admin signed in. */

/** The page's main content is in: its h1 is visible and no spinner turns inside <main>. */
export const mainReady = async (page: Page) => {
  await expect(page.locator("#main h1, main h1").first()).toBeVisible();
  await expect(page.locator("main .animate-cc-spin")).toHaveCount(0);
};

/** Signs in as the demo administrator through /auth (labels by name: works in either language). */
export const signInAsAdmin = async (page: Page) => {
  await page.goto("/auth");
  await page.locator("input[name=username]").fill("admin");
  await page.locator("input[name=password]").fill("Admin@2026");
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
};
