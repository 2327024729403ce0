import { expect, test } from "@playwright/test";
import { waitForApp } from "./support/takeover";

/**
 * The checker's service worker (`/verify-sw.js`, scope `/verify`): a scope is a prefix, so it also sees
 * `/verify.webmanifest` and `/verify/…`. It answers the checker's page and its own files only, and keeps only the
 * checker's page as its page: an online visit elsewhere under the prefix never becomes what opens offline.
 */
test("online visits to /verify.webmanifest and /verify/x are the network's, and leave the offline checker intact", async ({
  context,
  page,
}) => {
  await page.goto("/verify");
  await waitForApp(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled from the next load on: the page the worker answers.
  await page.reload();
  await waitForApp(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const manifest = await page.goto("/verify.webmanifest");
  expect(manifest?.fromServiceWorker()).toBe(false);
  await expect(page.locator("body")).toContainText('"start_url"');
  const other = await page.goto("/verify/x");
  expect(other?.fromServiceWorker()).toBe(false);

  await context.setOffline(true);
  await page.goto("/verify");
  await waitForApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Vérifier une carte" })).toBeVisible();
});
