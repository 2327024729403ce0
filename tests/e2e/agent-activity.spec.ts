import { expect } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/** The administrator's view on the demo build (French UI, extension `lifecycle`): from an agent to their activity. */

test("the agents page links each agent to their own activity", async ({ page }) => {
  await signIn(page, "/dashboard/agent");
  await page.getByRole("link", { name: "Activité de agent" }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity\?agent=agent$/);
  await expect(page.getByText("Activité de agent seulement")).toBeVisible();
  const totals = page.getByRole("table", { name: "Total par agent" });
  const empty = page.getByText(/Aucune activité/);
  await expect(totals.or(empty).first()).toBeVisible();
  if (await totals.isVisible()) {
    await expect(totals.getByRole("row")).toHaveCount(2);
    await expect(totals).not.toContainText("admin");
  }
  await page.getByRole("link", { name: "Voir tous les agents" }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity$/);
  await expect(page.getByText("Activité de agent seulement")).toBeHidden();
});

test("each count of the activity opens the list of its items, each one link away from its own screen", async ({
  page,
}) => {
  await signIn(page, "/dashboard/activity");
  // The seeded validations lie months back: the year before today.
  await page
    .getByRole("textbox", { name: "Du" })
    .fill(new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10));
  const totals = page.getByRole("table", { name: "Total par agent" });
  // The first agent with validations: the first cell after the agent's name is "Validées".
  const row = totals
    .getByRole("row")
    .filter({ has: page.getByRole("cell").first().getByRole("link") })
    .first();
  const link = row.getByRole("cell").first().getByRole("link");
  const count = Number(await link.textContent());
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/activity\/items\?.*action=validated/);
  const table = page.getByRole("table", { name: "Validées — le détail" });
  await expect(table).toBeVisible();
  await expect(page.getByText(count === 1 ? "1 élément" : `${count} éléments`, { exact: true })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(count + 1);
  const first = table.getByRole("rowheader").first().getByRole("link");
  const code = (await first.textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/dashboard\/(student|staff|teacher)\/card\/[^/]+$/);
  await expect(page.getByText(code, { exact: true }).first()).toBeVisible();

  await page.goBack();
  await page.getByRole("link", { name: "Retour à l'activité" }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity(\?agent=[^&]+)?$/);
});
