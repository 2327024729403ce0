import { expect } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/**
 * Extensions `reject` and `track` (docs/extensions.md) on the demo build, whose backend declares and implements them:
 * an agent rejects a demand with a reason, the list shows it rejected, and the public tracking page, given the
 * request code and the registration number, shows the rejection and its reason. Without the capabilities, none of it.
 */

const TITLE = "Étudiants — demandes";
const COMMENT = "Photo floue : refaites-la sur un fond uni, sans chapeau.";

test("an agent rejects a demand with a reason; the list says so; the tracking page shows the reason", async ({
  page,
}) => {
  await signIn(page, "/dashboard/student/demand");
  const table = page.getByRole("table", { name: TITLE });
  const firstRow = table.getByRole("row").nth(1);
  await expect(firstRow).toContainText(/DMSTUD\d{6}/);
  const code = (await firstRow.getByRole("link").textContent())?.trim() ?? "";

  await firstRow.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Validation de la demande" })).toBeVisible();
  const register =
    (
      await page
        .locator("dt", { hasText: /^Matricule$/ })
        .locator("+ dd")
        .textContent()
    )?.trim() ?? "";
  expect(register).toMatch(/^\w{5,7}$/);
  await page.getByRole("button", { name: "Refuser ou demander une correction…" }).click();

  const dialog = page.getByRole("dialog", { name: "Refuser la demande ou demander une correction" });
  await expect(dialog).toHaveAccessibleDescription(/prévenu par e-mail/);
  // Keyboard: the reason is needed before anything is sent.
  await dialog.getByRole("button", { name: "Demander la correction", exact: true }).press("Enter");
  await expect(dialog.getByText("Choisissez un motif")).toBeVisible();
  await dialog.getByRole("radio", { name: "Le refus de la demande" }).check();
  await dialog.getByRole("radio", { name: "Photo non conforme" }).check();
  await dialog.getByLabel("Commentaire pour le demandeur").fill(COMMENT);
  expect(await axeViolations(page, "reject dialog")).toEqual([]);
  await dialog.getByRole("button", { name: "Refuser la demande" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${code} — `).first()).toContainText("demande refusée");
  expect(await axeViolations(page, "validation screen of a rejected demand")).toEqual([]);
  await expect(page.getByRole("heading", { name: "Demande refusée" })).toBeVisible();
  await expect(page.getByText("Motif : Photo non conforme")).toBeVisible();

  // Back in the queue ("Non validées": waiting for a decision), the refused demand has left it for its own filter.
  await page.getByRole("link", { name: "Retour à la liste" }).click();
  await expect(table.getByRole("row").nth(1)).toContainText(/DMSTUD\d{6}/);
  await expect(table.getByRole("row").filter({ hasText: code })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Statut" }).selectOption({ label: "Refusées" });
  await expect(table.getByRole("row").filter({ hasText: code })).toContainText("Refusée");

  // The applicant, with the receipt's code and their registration number, on the public page.
  await page.goto(`/track?kind=student&code=${code}`);
  await expect(page.getByRole("heading", { level: 1, name: "Suivre ma demande" })).toBeVisible();
  await expect(page.getByLabel("Code de la demande")).toHaveValue(code);
  await page.getByLabel("Matricule").fill("00X0000");
  await page.getByRole("button", { name: "Voir l’état de ma demande" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Aucune demande ne correspond à ce code et à ce matricule. Vérifiez les deux et réessayez.",
  );

  await page.getByLabel("Matricule").fill(register.toLowerCase());
  await page.getByRole("button", { name: "Voir l’état de ma demande" }).click();
  const result = page.getByRole("region", { name: `État de la demande ${code}` });
  await expect(result.getByRole("heading", { name: "Demande refusée" })).toBeFocused();
  await expect(result).toContainText("Motif : Photo non conforme");
  await expect(result).toContainText(COMMENT);
  // The state and nothing about the person.
  await expect(result.getByRole("img")).toHaveCount(0);
  expect(await axeViolations(page, "tracking page of a rejected request")).toEqual([]);
});

test("without the capabilities: no reject action, no tracking link; the receipt and /track say how to reach the office", async ({
  page,
}) => {
  await page.route("**/config.json", (route) => route.fulfill({ json: { mode: "demo", capabilities: [] } }));
  await signIn(page, "/dashboard/student/demand");
  const firstRow = page.getByRole("table", { name: TITLE }).getByRole("row").nth(1);
  await expect(firstRow).toContainText(/DMSTUD\d{6}/);
  const code = (await firstRow.getByRole("link").textContent())?.trim() ?? "";
  await firstRow.getByRole("link", { name: code }).click();
  await expect(page.getByRole("button", { name: "Valider tel quel" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refuser ou demander une correction…" })).toHaveCount(0);

  await page.goto(`/registration/student/done?code=${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Suivre ma demande" })).toHaveCount(0);
  await expect(page.getByText("Une erreur dans votre demande\u00a0? Contactez le bureau des cartes")).toBeVisible();
  await expect(page.locator("address")).toContainText("cartes@univ-sanaga.cm");

  // The landing links to /track whatever the backend: there, no form, no call, the office's address.
  await page.goto(`/track?kind=student&code=${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suivre ma demande");
  await expect(page.getByText(/^Le suivi en ligne n’est pas proposé ici/)).toBeVisible();
  await expect(page.locator("address")).toContainText("+237 233 46 12 00");
  await expect(page.getByLabel("Matricule")).toHaveCount(0);
});

test("the receipt links to the tracking page of its request", async ({ page }) => {
  await page.goto("/registration/student/done?code=DMSTUD000007");
  await page.getByRole("link", { name: "Suivre ma demande" }).click();
  await expect(page).toHaveURL(/\/track\?kind=student&code=DMSTUD000007$/);
  await expect(page.getByLabel("Code de la demande")).toHaveValue("DMSTUD000007");
  await expect(page.getByRole("radio", { name: "Carte étudiant" })).toBeChecked();
});
