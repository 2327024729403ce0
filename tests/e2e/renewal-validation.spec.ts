import { expect } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/** Renewal as bulk work on the demo build (French UI, extension `lifecycle`): five cards renewed, then validated. */

test("a renewal of 5 cards validated in bulk from its report, with its report", async ({ page }) => {
  // A day of the first term: the demo's cards of the year before (2025/2026) have expired.
  await page.clock.setFixedTime(new Date("2026-11-27T12:00:00+01:00"));
  await signIn(page, "/dashboard/student/renewal");
  const found = page.getByText(/^\d+ cartes? expirées? en 2025\/2026/);
  await expect(found).toBeVisible();
  const count = Number(/^(\d+)/.exec((await found.textContent()) ?? "")?.[1]);
  expect(count).toBeGreaterThanOrEqual(5);
  const boxes = page.getByRole("checkbox", { name: /^Renouveler la carte / });
  for (let i = 0; i < count - 5; i++) await boxes.nth(i).uncheck();

  await page.getByRole("button", { name: "Renouveler 5 cartes" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Créer 5 demandes" }).click();
  await expect(page.getByText("Renouvelées : 5, refusées : 0.")).toBeVisible();
  const created = await page.getByRole("region", { name: "Renouvelées" }).getByRole("listitem").allTextContents();
  const codes = created.map((line) => /DMSTUD\d+/.exec(line)?.[0] ?? "");
  expect(codes).toHaveLength(5);

  const validation = page.getByRole("region", { name: "Valider les demandes de renouvellement" });
  await validation.getByRole("button", { name: "Valider les 5 demandes" }).click();
  const summary = validation.getByRole("status");
  await expect(summary).toHaveText(/^Validées\u00a0: \d, laissées à valider une par une\u00a0: \d\.$/);
  const [validated, left] = ((await summary.textContent()) ?? "").match(/\d+/g)!.map(Number);
  // The same checks as one by one: a student's renewal without a photo (some seeded holders have none) is left for
  // its screen, which asks the agent first, and says so with a link to it.
  expect(validated! + left!).toBe(5);
  expect(validated).toBeGreaterThan(0);
  const leftRows = validation.getByRole("listitem");
  await expect(leftRows).toHaveCount(left!);
  for (const row of await leftRows.all()) {
    await expect(row).toContainText("sans photo");
    await expect(row.getByRole("link", { name: /^DMSTUD\d+$/ })).toHaveAttribute("href", /\/demand\/validation\//);
  }
  const leftCodes = await leftRows.getByRole("link").allTextContents();

  // Validated as one by one would be: the list of validated demands holds each, and not those left.
  await page.goto("/dashboard/student/demand?filter=validated");
  const table = page.getByRole("table", { name: "Étudiants — demandes" });
  for (const code of codes) {
    await page.getByRole("searchbox").fill(code);
    if (leftCodes.includes(code)) await expect(table.getByText("Aucune demande trouvée")).toBeVisible();
    else {
      await expect(table.getByRole("link", { name: code })).toBeVisible();
      // Marked as a renewal wherever demands are listed.
      await expect(table.getByRole("row").filter({ hasText: code })).toContainText("Renouvellement");
    }
  }
});
