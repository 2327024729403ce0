import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { signIn } from "./support/sign-in";
import { smallTargets } from "./support/tap-targets";
import { test } from "./support/takeover";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";

/**
 * Extension `correction` (docs/extensions.md) on the demo build: an agent asks for a correction naming a field, the
 * applicant opens the request on /track with its code and registration number, corrects that field and sends it
 * again, and the agent sees the change marked; "Signaler une erreur" sends the office a note.
 */

const REGISTER = "CR2001";
const FIELD = "Nom de la personne à contacter";

/** The applicant sends a staff request from a phone; answers its code. */
const sendRequest = async (page: Page) => {
  await openStaffDraft(page, staffReviewSnapshot(REGISTER, { read: true, accept: true, termsOfUse: true }));
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  const code = page.getByRole("definition").filter({ hasText: /^DMPER\d+$/ });
  await expect(code).toBeVisible();
  return (await code.textContent())?.trim() ?? "";
};

const openOnTrack = async (page: Page, code: string) => {
  await page.goto(`/track?kind=staff&code=${code}`);
  await page.getByLabel("Matricule").fill(REGISTER);
  await page.getByRole("button", { name: "Voir l’état de ma demande" }).click();
  return page.getByRole("region", { name: `État de la demande ${code}` });
};

test("an applicant corrects the field the agent named; the agent sees the change marked", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const code = await sendRequest(page);

  // The agent asks for a correction of the emergency contact's name.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, `/dashboard/staff/demand?search=${REGISTER}`);
  await page.getByRole("link", { name: code }).click();
  await page.getByRole("button", { name: "Refuser ou demander une correction…" }).click();
  const dialog = page.getByRole("dialog", { name: "Refuser la demande ou demander une correction" });
  await dialog.getByRole("radio", { name: "Autre motif" }).check();
  await dialog.getByLabel("Commentaire pour le demandeur").fill("Le nom est trop long pour la carte : abrégez-le.");
  await dialog
    .getByRole("group", { name: "Champs à corriger par le demandeur" })
    .getByRole("checkbox", { name: FIELD })
    .check();
  expect(await axeViolations(page, "reject dialog naming fields")).toEqual([]);
  await dialog.getByRole("button", { name: "Demander la correction", exact: true }).click();
  await expect(dialog).toBeHidden();

  // The applicant, on a phone, finds the request waiting for that field only.
  await page.setViewportSize({ width: 360, height: 640 });
  const result = await openOnTrack(page, code);
  await expect(result.getByRole("heading", { name: "Correction demandée" })).toBeFocused();
  const form = result.getByRole("form", { name: "Corriger ma demande" });
  await expect(form.getByRole("textbox")).toHaveCount(1);
  const name = form.getByRole("textbox", { name: FIELD });
  await expect(name).toHaveValue("");
  expect(await axeViolations(page, "correction form on /track")).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  // The rules of the wizard hold: 15 characters at most.
  await name.fill("Marie-Claire Mbarga");
  await form.getByRole("button", { name: "Envoyer la correction" }).click();
  await expect(name).toHaveAccessibleDescription(/de trop/);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await name.fill("Marie Mbarga");
  await form.getByRole("button", { name: "Envoyer la correction" }).click();
  await expect(result.getByRole("heading", { name: "Demande reçue" })).toBeFocused();
  await expect(result.getByText("Votre correction a été envoyée")).toBeVisible();
  await expect(result.getByRole("form", { name: "Corriger ma demande" })).toHaveCount(0);

  // The agent finds it back in the queue, the field marked.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/dashboard/staff/demand?search=${REGISTER}`);
  await page.getByRole("link", { name: code }).click();
  const term = page.locator("dt", { hasText: FIELD });
  await expect(term).toContainText("Corrigé par le demandeur");
  await expect(term.locator("+ dd")).toHaveText("Marie Mbarga");
  await expect(page.getByRole("heading", { name: "Correction demandée" })).toHaveCount(0);
});

test("'Signaler une erreur' on /track sends the office a note the agent reads", async ({ page }) => {
  const code = await sendRequest(page);
  await expect(page.getByRole("link", { name: "Signaler une erreur" })).toBeVisible();
  await page.getByRole("link", { name: "Signaler une erreur" }).click();
  await page.getByLabel("Matricule").fill(REGISTER);
  await page.getByRole("button", { name: "Voir l’état de ma demande" }).click();
  const result = page.getByRole("region", { name: `État de la demande ${code}` });
  await result.getByRole("button", { name: "Signaler une erreur" }).click();
  const note = result.getByRole("textbox", { name: /Votre message au bureau des cartes/ });
  await result.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(note).toHaveAccessibleDescription(/Écrivez votre message/);
  await note.fill("Mon prénom est Paule, pas Paul.");
  await result.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(result.getByRole("status").filter({ hasText: "Votre message a été envoyé" })).toBeFocused();

  await signIn(page, `/dashboard/staff/demand?search=${REGISTER}`);
  await page.getByRole("link", { name: code }).click();
  const notes = page.getByRole("region", { name: "Message du demandeur" });
  await expect(notes).toContainText("Mon prénom est Paule, pas Paul.");
});
