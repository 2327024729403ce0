import { expect, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/**
 * The agent's queue keeps moving on the demo build (French UI, extension `reject`): every decision on a demand —
 * reject, ask for a correction, validate with corrections — opens the list's next demand waiting for a decision,
 * and one toast says the last decision.
 */

const subject = (page: Page) => page.locator("[data-title-subject]");
const codeOf = async (page: Page) => (await subject(page).textContent())?.trim() ?? "";

/** Opens the reject dialog, chooses what is asked and why, and sends it with "… and open the next". */
const decideAndNext = async (page: Page, status: string, reason: string, button: string) => {
  await page.getByRole("button", { name: "Refuser ou demander une correction…" }).click();
  const dialog = page.getByRole("dialog", { name: "Refuser la demande ou demander une correction" });
  await dialog.getByRole("radio", { name: status }).check();
  await dialog.getByRole("radio", { name: reason }).check();
  await dialog.getByRole("button", { name: button }).click();
  await expect(dialog).toBeHidden();
};

test("reject-and-next, correct-and-next, then corrections validated and next: three demands, one toast at a time", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "/dashboard/staff/demand");
  await page.getByRole("table", { name: "Personnel — demandes" }).getByRole("link").first().click();
  await expect(subject(page)).not.toBeEmpty();
  const seen = [await codeOf(page)];

  await decideAndNext(page, "Le refus de la demande", "Demande en double", "Refuser et ouvrir la suivante");
  await expect(subject(page)).not.toHaveText(seen[0]!);
  await expect(page.getByText(`${seen[0]} — `).first()).toContainText("demande refusée");
  seen.push(await codeOf(page));

  await decideAndNext(
    page,
    "Une correction (la demande reste ouverte)",
    "Photo non conforme",
    "Demander la correction et ouvrir la suivante",
  );
  await expect(subject(page)).not.toHaveText(seen[1]!);
  seen.push(await codeOf(page));
  // The rejected demand is not opened again: the next one waits for a decision.
  expect(new Set(seen).size).toBe(3);

  await page.getByRole("button", { name: "Modifier", exact: true }).click();
  const email = page.getByLabel("Adresse e-mail");
  await email.fill(`corrige.${Date.now()}@uy1.cm`);
  await page.getByRole("button", { name: "Valider et ouvrir la suivante" }).click();
  await expect(subject(page)).not.toHaveText(seen[2]!);
  const fourth = await codeOf(page);
  expect(seen).not.toContain(fourth);
  await expect(page.getByText(`${seen[2]} — `).first()).toContainText("validé(e)");

  // One toast per decision, each replacing the last: never a stack over the action bar.
  const toasts = page.getByRole("region", { name: "Notifications" }).locator("[data-toast-key]");
  await expect(toasts).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Refuser ou demander une correction…" })).toBeInViewport();

  await page.goto("/dashboard/staff/demand?filter=all");
  const table = page.getByRole("table", { name: "Personnel — demandes" });
  await expect(table.getByRole("row").filter({ hasText: seen[0]! })).toContainText("Refusée");
  await expect(table.getByRole("row").filter({ hasText: seen[1]! })).toContainText(/correction/i);

  // "Non validées" is the queue of demands waiting for a decision: the refused and the sent back have their own.
  const status = page.getByRole("combobox", { name: "Statut" });
  await status.selectOption({ label: "Non validées" });
  await expect(page).toHaveURL(/\/dashboard\/staff\/demand$/);
  await expect(table.getByRole("row").nth(1)).toContainText("En attente");
  await expect(table.getByRole("link", { name: seen[0]! })).toHaveCount(0);
  await expect(table.getByRole("link", { name: seen[1]! })).toHaveCount(0);
  await status.selectOption({ label: "Refusées" });
  await expect(table.getByRole("link", { name: seen[0]! })).toBeVisible();
  await expect(table.getByRole("link", { name: seen[1]! })).toHaveCount(0);
  await status.selectOption({ label: "Correction demandée" });
  await expect(table.getByRole("link", { name: seen[1]! })).toBeVisible();
  await expect(table.getByRole("link", { name: seen[0]! })).toHaveCount(0);
});

test("search and status compose: the status changed at once after typing is kept, with the search", async ({
  page,
}) => {
  await signIn(page, "/dashboard/staff/demand");
  const table = page.getByRole("table", { name: "Personnel — demandes" });
  await expect(table.getByRole("row")).toHaveCount(11);
  await page.getByRole("searchbox", { name: "Rechercher par nom, matricule ou code de demande" }).fill("PER");
  // Well within the search's pause, before it is sent.
  await page.getByRole("combobox", { name: "Statut" }).selectOption({ label: "Toutes les demandes" });
  await expect(page).toHaveURL(/[?&]search=PER(&|$)/);
  await expect(page).toHaveURL(/[?&]filter=all(&|$)/);
  await expect(page.getByRole("combobox", { name: "Statut" })).toHaveValue("all");
});
