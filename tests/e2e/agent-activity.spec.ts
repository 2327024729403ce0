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
