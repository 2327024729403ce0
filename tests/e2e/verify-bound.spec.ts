import { expect, test, type Page } from "@playwright/test";
import { waitForApp } from "./support/takeover";
import { hasPhoto, signedUrlOf, studentCards } from "./support/verify";

/**
 * A signed identity is shown beside the photo of the card it names, never another's (issue: a genuine fragment put
 * on another card's check address): both ways round, /verify online and the check page say "forged or altered", and
 * no photo is shown.
 */
const photos = (page: Page) => page.locator('img[src^="data:image"]');

const swap = (path: string, fragment: string) => `${path.split("#")[0]}#${fragment.split("#")[1]}`;

test("a genuine fragment on another card's address is forged on /verify and on the check page, both ways, with no photo", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/verify");
  await waitForApp(page);
  await expect(page.getByText(/Liste des cartes suspendues du \d\d\/\d\d/)).toBeVisible();
  const urls: string[] = [];
  for (const card of (await studentCards(page)).filter((c) => c.valid)) {
    const url = await signedUrlOf(page, card.id);
    if (url && (await hasPhoto(page, url))) urls.push(url);
    if (urls.length === 2) break;
  }
  const [a, b] = urls;
  expect(a).toMatch(/#s1\./);
  expect(b).toMatch(/#s1\./);

  for (const swapped of [swap(b!, a!), swap(a!, b!)]) {
    await page.goto("/verify");
    await waitForApp(page);
    await page.getByLabel("Adresse de vérification").fill(swapped);
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", "forged");
    await expect(page.getByRole("heading", { name: "Carte falsifiée ou modifiée" })).toBeVisible();
    await expect(photos(page)).toHaveCount(0);

    await page.goto(swapped);
    await waitForApp(page);
    await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "forged");
    await expect(page.getByRole("heading", { level: 1, name: "QR falsifié ou modifié" })).toBeVisible();
    await expect(photos(page)).toHaveCount(0);
  }
  // The genuine address, for contrast, the check page loaded anew (not a fragment change): the photo is shown.
  await page.goto("about:blank");
  await page.goto(a!);
  await waitForApp(page);
  await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(photos(page)).toHaveCount(1);
});
