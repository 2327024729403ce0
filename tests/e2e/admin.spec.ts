import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { test } from "./support/takeover";

/**
 * Administrator screens on the demo build (docs/spec.md §2, §5, §6, §8): dashboard counts, chart and export; agent
 * management and what an agent may not see; password change. Every test starts from a fresh browser context,
 * so the demo data (kept in localStorage) starts from the seeds each time.
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

const count = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ""));

test("dashboard: counts, pending chart and an export of all cards", async ({ page }) => {
  await signIn(page, "admin", "Admin@2026");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(Bonjour|Bon après-midi|Bonsoir), Aïcha$/);

  const overview = page.getByRole("region", { name: "Vue d'ensemble" });
  await expect(overview.getByTestId("stat-agents")).toBeVisible();
  const agents = await count(page, "stat-agents");
  const total = await count(page, "stat-total_demands");
  const student = await count(page, "stat-student_demands");
  const staff = await count(page, "stat-staff_demands");
  const teacher = await count(page, "stat-teacher_demands");
  expect(agents).toBe(4); // seeded agents: agent, eabanda, jpfotso, ntchinda
  expect(total).toBe(student + staff + teacher);
  await expect(overview.getByRole("link", { name: /Demandes étudiants en attente/ })).toHaveAttribute(
    "href",
    "/dashboard/student/demand",
  );
  await expect(overview.getByRole("link", { name: /Demandes du personnel en attente/ })).toHaveAttribute(
    "href",
    "/dashboard/staff/demand",
  );
  await expect(overview.getByRole("link", { name: /Demandes enseignants en attente/ })).toHaveAttribute(
    "href",
    "/dashboard/teacher/demand",
  );

  // The chart is a table: one row per kind, the same numbers as the tiles.
  const chart = page.getByRole("table", { name: "Demandes en attente par type" });
  await expect(chart.getByRole("row")).toHaveCount(4);
  await expect(chart.getByRole("row", { name: /Étudiants/ }).getByRole("cell")).toHaveText(String(student));
  await expect(chart.getByRole("row", { name: /Personnel/ }).getByRole("cell")).toHaveText(String(staff));
  await expect(chart.getByRole("row", { name: /Enseignants/ }).getByRole("cell")).toHaveText(String(teacher));

  // Export Card Data → all cards: a CSV with a BOM and a header row, under the server's file name.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter toutes les cartes", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cards-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, firstRow] = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(header).toMatch(/^Type,Code carte,Matricule,Nom,Prénom/);
  expect(firstRow).toMatch(/^(Étudiant|Personnel|Enseignant),PC/);
  await expect(page.getByText(/^Fichier «\scards-all-.*\.csv\s» téléchargé$/)).toBeVisible();
});

test("agents: add one (a duplicate is refused), delete one; the new agent sees no agent management", async ({
  page,
}) => {
  await signIn(page, "admin", "Admin@2026");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Agents", exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/agent$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  const table = page.getByRole("table", { name: "Liste des agents" });
  await expect(table.getByRole("row", { name: /jpfotso/ })).toBeVisible();

  // A username that exists: the dialog says so and keeps what was typed.
  await page.getByRole("button", { name: "Ajouter un agent" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel agent" });
  await dialog.getByLabel(/^Nom d'utilisateur/).fill("agent");
  await dialog.getByLabel("Prénom").fill("Awa");
  await dialog.getByLabel("Nom", { exact: true }).fill("Bilong");
  await dialog.getByLabel("E-mail").fill("awa.bilong@usa.cm");
  await dialog.getByLabel(/^Mot de passe/).fill("Bilong@2026");
  await expect(dialog.getByRole("meter", { name: "Robustesse du mot de passe" })).toHaveAttribute(
    "aria-valuetext",
    /Moyen|Fort/,
  );
  await dialog.getByRole("button", { name: "Ajouter l'agent" }).click();
  await expect(dialog.getByText("L'agent existe déjà")).toBeVisible();
  await expect(dialog.getByLabel("Prénom")).toHaveValue("Awa");

  await dialog.getByLabel(/^Nom d'utilisateur/).fill("abilong");
  await dialog.getByRole("button", { name: "Ajouter l'agent" }).click();
  await expect(page.getByText("Agent ajouté")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole("row", { name: /abilong/ })).toBeVisible();

  // Search by username (debounced).
  await page.getByRole("searchbox", { name: "Rechercher par nom d'utilisateur" }).fill("bilo");
  await expect(table.getByRole("row")).toHaveCount(2); // header + abilong
  await page.getByRole("searchbox", { name: "Rechercher par nom d'utilisateur" }).fill("personne");
  await expect(table.getByText("Aucun agent trouvé")).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher par nom d'utilisateur" }).fill("");

  // Delete with confirmation.
  await table.getByRole("button", { name: "Supprimer jpfotso" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer cet agent ?" });
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Agent supprimé")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole("row", { name: /jpfotso/ })).toHaveCount(0);

  // The new agent signs in: no Agents entry, and the page itself says it is for administrators (403).
  await signOut(page);
  await signIn(page, "abilong", "Bilong@2026");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/, Awa$/);
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Agents", exact: true })).toHaveCount(0);
  await page.goto("/dashboard/agent");
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expect(page.getByText("Cette page est réservée aux administrateurs.", { exact: false })).toBeVisible();
  await expect(page).toHaveTitle(/^Accès refusé — /);
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toHaveCount(0);
});

test("profile: roles, then a password change — the old password fails, the new one works", async ({ page }) => {
  await signIn(page, "admin", "Admin@2026");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Profil" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profil" })).toBeVisible();
  const account = page.getByRole("region", { name: "Compte" });
  await expect(account.getByText("aicha.ngono@usa.cm")).toBeVisible();
  await expect(account.getByText("Gère les demandes, les cartes et les paramètres")).toBeVisible();

  await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier le mot de passe" });
  const current = dialog.getByLabel(/^Mot de passe actuel/);
  await current.fill("Faux@2026x");
  await dialog.getByLabel(/^Nouveau mot de passe/).fill("Nouveau@2026!x");
  await expect(dialog.getByRole("meter", { name: "Robustesse du mot de passe" })).toHaveAttribute(
    "aria-valuetext",
    "Fort",
  );
  await dialog.getByLabel(/^Confirmer le mot de passe/).fill("Nouveau@2026!x");
  await dialog.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(dialog.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("Échec de la mise à jour du mot de passe");
  await expect(current).toBeFocused();

  await current.fill("Admin@2026");
  await dialog.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Mot de passe mis à jour avec succès !")).toBeVisible();
  await expect(dialog).toBeHidden();

  await signOut(page);
  await signIn(page, "admin", "Admin@2026");
  await expect(page.getByText("Nom d'utilisateur ou mot de passe incorrect", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole("textbox", { name: "Mot de passe", exact: true }).fill("Nouveau@2026!x");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
