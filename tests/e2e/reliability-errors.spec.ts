import { expect } from "@playwright/test";
import { test } from "./support/takeover";
import * as fx from "../fixtures/entities";
import {
  type Answer,
  stubBackend,
  watchErrors,
  signIn,
  expectTranslatedError,
  malformed,
  server500,
} from "./support/stub-backend";

/** Failed and malformed answers (a 5xx, a 404, a malformed body) from the stub backend show a translated error, never a blank page. See support/stub-backend.ts for how the stub backend works. */

test.describe("failed and malformed answers show a translated error, never a blank page", () => {
  test("login: 502, then a malformed token", async ({ page }) => {
    const errors = watchErrors(page);
    let answer: Answer = { status: 502, json: {} };
    await stubBackend(page, [["POST", /^\/api\/token\/$/, () => answer]]);
    await signIn(page);
    await expect(page.getByRole("alert")).toContainText("Le serveur Campus Card est injoignable (502)");
    answer = { json: { token: 42 } };
    await page.locator("form button[type=submit]").click();
    await expect(page.getByRole("alert")).toContainText("Le serveur a envoyé une réponse inattendue.");
    await expectTranslatedError(page, "Le serveur a envoyé une réponse inattendue.");
    expect(errors).toEqual([]);
  });

  test("registration: the reference lists answer 500", async ({ page }) => {
    const errors = watchErrors(page);
    await stubBackend(page, [["GET", /^\/institution\//, server500]]);
    await page.goto("/registration/student");
    await expectTranslatedError(page, "Les listes de l'université n'ont pas pu être chargées.");
    expect(errors).toEqual([]);
  });

  test("dashboard: malformed stats; demand list malformed then 500", async ({ page }) => {
    const errors = watchErrors(page);
    let demands: Answer = malformed;
    await stubBackend(page, [
      ["GET", /^\/base\/api\/v1\/stats\/$/, malformed],
      ["GET", /^\/student\/api\/v1\/demand\/$/, () => demands],
    ]);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectTranslatedError(page, "Impossible de charger les statistiques");
    await expectTranslatedError(page, "Le serveur a envoyé une réponse inattendue.");

    await page.goto("/dashboard/student/demand");
    await expectTranslatedError(page, "Le serveur a envoyé une réponse inattendue.");
    demands = server500;
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expectTranslatedError(page, "Erreur du serveur Campus Card. Veuillez réessayer plus tard.");
    expect(errors).toEqual([]);
  });

  test("demand validation 404, card list 500, card PDF 500 (with Retry)", async ({ page }) => {
    const errors = watchErrors(page);
    await stubBackend(page, [
      ["GET", /^\/student\/api\/v1\/demand\/[^/]+\/$/, { status: 404, json: { detail: "Not found." } }],
      ["GET", /^\/staff\/api\/v1\/card\/personnel\/$/, server500],
      ["GET", /^\/student\/api\/v1\/card\/[^/]+\/pdf\/$/, server500],
    ]);
    await signIn(page, `/dashboard/student/demand/validation/${fx.studentDemand.id}`);
    await expectTranslatedError(page, "Demande introuvable");

    await page.goto("/dashboard/staff/card");
    await expectTranslatedError(page, /Erreur du serveur Campus Card|Erreur de chargement/);

    await page.goto(`/dashboard/student/card/${fx.studentCard.id}`);
    await expectTranslatedError(page, "Erreur de chargement du PDF");
    await expect(page.getByRole("button", { name: "Réessayer" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("check page: malformed answer, then 404", async ({ page }) => {
    const errors = watchErrors(page);
    let answer: Answer = malformed;
    await stubBackend(page, [["POST", /checkcard/, () => answer]]);
    await page.goto(`/check/student/card/${encodeURIComponent(fx.cardToken)}`);
    await expectTranslatedError(page, "Vérification impossible");
    answer = { status: 404, json: { detail: "Not found." } };
    await page.goto(`/check/staff/card/${encodeURIComponent(fx.cardToken)}`);
    await expectTranslatedError(page, "Carte introuvable");
    expect(errors).toEqual([]);
  });

  test("agents list 500; profile password update 500", async ({ page }) => {
    const errors = watchErrors(page);
    await stubBackend(page, [
      ["GET", /^\/base\/api\/v1\/appuser\/get_agent\/$/, server500],
      ["PUT", /^\/base\/api\/v1\/appuser\/\d+\/$/, server500],
    ]);
    await signIn(page, "/dashboard/agent");
    await expectTranslatedError(page, "Impossible de charger les agents");

    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
    const dialog = page.getByRole("dialog", { name: "Modifier le mot de passe" });
    await dialog.getByLabel(/^Mot de passe actuel/).fill("Admin@2026");
    await dialog.getByLabel(/^Nouveau mot de passe/).fill("Nouveau@2026!x");
    await dialog.getByLabel(/^Confirmer le mot de passe/).fill("Nouveau@2026!x");
    await dialog.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      /Échec de la mise à jour du mot de passe|Erreur du serveur Campus Card/,
    );
    await expectTranslatedError(page, /Échec de la mise à jour du mot de passe|Erreur du serveur Campus Card/);
    expect(errors).toEqual([]);
  });
});
