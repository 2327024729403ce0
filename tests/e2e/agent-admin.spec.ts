import { expect, type Page } from "@playwright/test";
import { test } from "./support/takeover";

/**
 * Agent administration on the demo build (French UI, extension `agent-admin`): an administrator edits an agent,
 * sets a new password on the account, disables it (the agent can no longer sign in, their activity stays one link
 * away) and enables it again; the agent then signs in with the new password only.
 */

const signIn = async (page: Page, username: string, password: string) => {
  if (!page.url().endsWith("/auth")) await page.goto("/auth");
  await page.getByRole("textbox", { name: "Nom d'utilisateur", exact: true }).fill(username);
  await page.getByRole("textbox", { name: "Mot de passe", exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
};

const signOut = async (page: Page) => {
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/auth$/);
};

const agentsPage = async (page: Page) => {
  await signIn(page, "admin", "Admin@2026");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/agent");
  const table = page.getByRole("table", { name: "Liste des agents" });
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^agent\b/ }) });
  await expect(row).toBeVisible();
  return row;
};

test("an administrator edits an agent, sets a new password, disables and enables the account", async ({ page }) => {
  let row = await agentsPage(page);

  await row.getByRole("button", { name: "Modifier agent" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier l'agent agent" });
  await edit.getByRole("textbox", { name: "Prénom" }).fill("Pauline");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("Pauline");

  await row.getByRole("button", { name: "Réinitialiser le mot de passe de agent" }).click();
  const reset = page.getByRole("dialog", { name: "Nouveau mot de passe pour agent" });
  await reset.getByLabel(/^Mot de passe/).fill("Nouveau@2027");
  await reset.getByLabel(/^Confirmation/).fill("Nouveau@2027");
  await reset.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(reset).toBeHidden();
  await expect(page.getByText("Mot de passe réinitialisé")).toBeVisible();

  await row.getByRole("button", { name: "Désactiver agent" }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Désactiver cet agent/ });
  await expect(confirm).toContainText("Son historique (cartes validées, activité) est conservé.");
  await confirm.getByRole("button", { name: "Désactiver" }).click();
  await expect(row).toContainText("Désactivé");
  // The history stays: the agent's activity is still one link away.
  await expect(row.getByRole("link", { name: "Activité de agent" })).toBeVisible();

  await signOut(page);
  await signIn(page, "agent", "Nouveau@2027");
  await expect(page.getByText("Nom d'utilisateur ou mot de passe incorrect")).toBeVisible();

  row = await agentsPage(page);
  await row.getByRole("button", { name: "Réactiver agent" }).click();
  await page
    .getByRole("alertdialog", { name: /^Réactiver cet agent/ })
    .getByRole("button", { name: "Réactiver" })
    .click();
  await expect(row.getByText("Désactivé")).toBeHidden();
  await signOut(page);

  await signIn(page, "agent", "Agent@2026");
  await expect(page.getByText("Nom d'utilisateur ou mot de passe incorrect")).toBeVisible();
  await signIn(page, "agent", "Nouveau@2027");
  await expect(page).toHaveURL(/\/dashboard$/);
});
