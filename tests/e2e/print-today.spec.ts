import { expect } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/** "Print today's cards" on the demo build (French UI): the card list's issue-day filter (extension date-filter). */

test("today's cards go to the print batch in at most five actions: filter, select all, add, open the batch", async ({
  page,
}) => {
  await signIn(page, "/dashboard/staff/card");
  // The morning's work: three staff demands validated today through the same demo backend.
  const registers = await page.evaluate(async () => {
    const signedIn = await fetch("/api/token/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "agent", password: "Agent@2026" }),
    });
    const auth = { Authorization: `Bearer ${((await signedIn.json()) as { access: string }).access}` };
    const list = await fetch("/staff/api/v1/demand/personnel/?validated=false", { headers: auth });
    const pending = ((await list.json()) as { results: { id: string; register: string }[] }).results.slice(0, 3);
    for (const demand of pending) {
      await fetch(`/staff/api/v1/demand/personnel/${demand.id}/validation_simple/`, { method: "POST", headers: auth });
    }
    return pending.map((demand) => demand.register);
  });
  expect(registers).toHaveLength(3);
  await page.reload();
  const table = page.getByRole("table", { name: "Personnel — cartes" });
  await expect(table.getByRole("row")).toHaveCount(11);

  // 1. Issued today.
  await page.getByRole("combobox", { name: "Émise" }).selectOption({ label: "Aujourd’hui" });
  await expect(page).toHaveURL(/[?&]issued=today/);
  await expect(table.getByRole("row")).toHaveCount(4);
  for (const register of registers) await expect(table).toContainText(register);
  const codes = await table.getByRole("link", { name: /^PCPER\d+$/ }).allTextContents();
  // 2. Select all of them.
  await page.getByRole("button", { name: "Sélectionner les 3 cartes de cette liste" }).click();
  // 3. Add them to the batch.
  await page.getByRole("button", { name: "Ajouter la sélection au lot (3)" }).click();
  // 4. Open the batch.
  await page.getByRole("link", { name: "Ouvrir le lot d'impression (3)" }).click();

  await expect(page).toHaveURL(/\/dashboard\/staff\/print$/);
  const batch = page.getByRole("table", { name: "Cartes du lot" });
  await expect(batch.getByRole("row")).toHaveCount(4);
  for (const code of codes) await expect(batch).toContainText(code);
});
