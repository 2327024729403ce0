import { expect } from "@playwright/test";
import { test } from "./support/takeover";
import { samplePng } from "./support/sample-png";
import {
  uniqueRegister,
  fillDate,
  select,
  choose,
  expectChosen,
  pick,
  stepHeading,
  switchToEnglish,
  signInAsAdmin,
  findDemands,
  expectNoAxeViolations,
  acceptAllFr,
} from "./support/wizard";

/**
 * The registration wizard on the demo build, to the result page: an unknown kind, the student in French (errors, photo, review, one request, seen by an admin), staff in English.
 */

test.describe("registration wizard (demo mode)", () => {
  test("unknown kinds are not found", async ({ page }) => {
    await page.goto("/registration/foo");
    await expect(page.getByRole("heading", { name: "Oups ! Page introuvable" })).toBeVisible();
  });

  test("student, in French: errors, photo, review, one request on a double click, result, then seen by an admin", async ({
    page,
  }) => {
    const register = uniqueRegister("ST");
    await page.goto("/registration/student");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de carte étudiant");
    await expect(page.locator('[aria-current="step"]')).toContainText("Informations académiques");
    await expect(stepHeading(page)).toHaveText("Étape 1 sur 5 : Informations académiques");

    // Next on an empty step: the summary takes focus and links to the fields.
    await page.getByRole("button", { name: "Suivant" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Il y a un problème" });
    await expect(summary).toBeFocused();
    await summary.getByRole("link", { name: "Le matricule est obligatoire." }).click();
    await expect(page.getByRole("textbox", { name: "Matricule" })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Matricule" })).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("textbox", { name: "Matricule" }).fill(register);
    await expectChosen(page, "Université", "Université de la Sanaga");
    await expect(select(page, "Cycle")).toBeDisabled();
    await choose(page, "Faculté", "Faculté des Sciences");
    await choose(page, "Cycle", "Licence");
    await choose(page, "Niveau", "Licence 2 (L2)");
    await choose(page, "Filière", "Informatique");
    await page.getByRole("button", { name: "Suivant" }).click();

    await expect(stepHeading(page)).toHaveText("Étape 2 sur 5 : Paiement");
    // The options are explained, and the explanation is tied to the choice.
    const explained = page.getByRole("radiogroup", { name: /Option de paiement/ });
    await expect(explained).toHaveAccessibleDescription(
      /Partiel\s: vous avez payé une partie de vos droits universitaires/,
    );
    await expect(stepHeading(page)).toBeFocused();
    await pick(page, "radio", "Complet");
    await page.getByRole("button", { name: "Suivant" }).click();

    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Essomba");
    await page.getByRole("textbox", { name: "Prénom" }).fill("Chantal");
    await pick(page, "radio", "Femme");
    await page.getByRole("textbox", { name: "Adresse e-mail" }).fill("chantal.essomba@example.cm");
    await page.getByRole("textbox", { name: "Numéro de téléphone" }).fill("699887766");
    await fillDate(page, /Date de naissance/, ["21", "9", "2003"]);
    // The photo dialog: a file that is not an image is refused, then a PNG is cropped.
    await page.getByRole("button", { name: "Ajouter une photo" }).click();
    const dialog = page.getByRole("dialog", { name: "Votre photo d'identité" });
    await dialog.locator("input[type=file]").setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.concat([samplePng(), Buffer.alloc(11 * 1024 * 1024)]),
    });
    await expect(dialog.getByRole("alert")).toHaveText(/trop lourde\s: 10 MB au plus/);
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 not a picture") });
    await expect(dialog.getByRole("alert")).toHaveText("Image invalide.");
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: samplePng(1, 1) });
    await expect(dialog.getByRole("alert")).toHaveText(/trop petite pour une carte\s: au moins 350 × 450 pixels/);
    // Only the header of a 20000 × 20000 PNG: refused before the browser tries to decode it.
    const bomb = Buffer.concat([samplePng(1, 1).subarray(0, 33), Buffer.alloc(400_000)]);
    bomb.writeUInt32BE(20000, 16);
    bomb.writeUInt32BE(20000, 20);
    await dialog.locator("input[type=file]").setInputFiles({ name: "bomb.png", mimeType: "image/png", buffer: bomb });
    await expect(dialog.getByRole("alert")).toHaveText(/trop de pixels\s: 40 mégapixels au plus/);
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: samplePng() });
    const frame = dialog.getByRole("group", { name: "Cadre de recadrage" });
    await expect(frame).toBeFocused();
    await frame.press("+");
    await frame.press("ArrowUp");
    await expectNoAxeViolations(page, "photo dialog");
    await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
    await expect(dialog).toBeHidden();
    const preview = page.getByRole("img", { name: "Votre photo d'identité" });
    await expect(preview).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
    await page.getByRole("button", { name: "Suivant" }).click();

    await expect(stepHeading(page)).toHaveText(/\s: Informations d'urgence$/);
    await page.getByRole("textbox", { name: "Nom de la personne à contacter" }).fill("Paul Essomba");
    await page.getByRole("textbox", { name: "Téléphone de la personne à contacter" }).fill("677001122");
    await choose(page, "Groupe sanguin", "O+");
    await page.getByRole("textbox", { name: "Allergies" }).fill("Aucune");
    await page.getByRole("button", { name: "Suivant" }).click();

    // Review: every value, the photo, then the acceptances.
    await expect(stepHeading(page)).toHaveText(/\s: Récapitulatif$/);
    const review = page.locator("main");
    await expect(review.locator('dd[data-field="register"]')).toHaveText(register);
    await expect(review.locator('dd[data-field="filiere"]')).toHaveText("Informatique");
    await expect(review.locator('dd[data-field="niveau"]')).toHaveText("Licence 2 (L2)");
    await expect(review.locator('dd[data-field="paiement"]')).toHaveText("Complet");
    await expect(review.locator('dd[data-field="lastname"]')).toHaveText("Essomba");
    await expect(review.locator('dd[data-field="firstname"]')).toHaveText("Chantal");
    await expect(review.locator('dd[data-field="birth_at"]')).toHaveText("21/09/2003");
    await expect(review.locator('dd[data-field="photo"] img')).toHaveAttribute("src", /^data:image\/jpeg/);
    await expect(page.getByRole("link", { name: "Lire les conditions générales" })).toHaveAttribute(
      "href",
      "/terms/student",
    );
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Il y a un problème" })).toBeFocused();
    await acceptAllFr(page);

    // Count submit calls at the fetch the API client uses (the demo backend answers inside the page).
    await page.evaluate(() => {
      const counter = window as unknown as { __submits: number };
      counter.__submits = 0;
      const original = globalThis.fetch;
      globalThis.fetch = (input, init) => {
        const request = input instanceof Request ? input : null;
        const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
        const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
        if (method === "POST" && url.includes("/demand/submit/")) counter.__submits++;
        return original(input, init);
      };
    });
    await expectNoAxeViolations(page, "review (light)");
    await page.getByRole("button", { name: "Envoyer la demande" }).dblclick();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de carte étudiant envoyée");
    await expect(page.getByText("Demande envoyée avec succès !")).toBeVisible();
    const code = (await page.locator("dd.font-mono").textContent())?.trim() ?? "";
    expect(code).toMatch(/^DMSTUD/);
    expect(await page.evaluate(() => (window as unknown as { __submits: number }).__submits)).toBe(1);
    await expect(page.getByText("Chantal Essomba").first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("campus-card.registration.student"))).toBeNull();

    // The result has its own address: a reload keeps the code (and, in this tab, the name).
    await expect(page).toHaveURL(new RegExp(`/registration/student/done\\?code=${code}$`));
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de carte étudiant envoyée");
    await expect(page.locator("dd.font-mono")).toHaveText(code);
    await expect(page.getByText("Chantal Essomba").first()).toBeVisible();
    // A receipt to print or save: printed, the page is the receipt (code, kind, name, date, next steps, the office).
    await expect(page.getByRole("button", { name: "Imprimer ou enregistrer le reçu" })).toBeVisible();
    await expectNoAxeViolations(page, "result page (light)");
    await page.emulateMedia({ media: "print" });
    const receipt = page.getByRole("region", { name: "Reçu de demande" });
    await expect(receipt).toBeVisible();
    for (const text of [
      code,
      "Carte étudiant",
      "Chantal Essomba",
      "cartes@univ-sanaga.cm",
      "Bureau des cartes, Rectorat",
    ]) {
      await expect(receipt.getByText(text, { exact: false }).first()).toBeVisible();
    }
    await expect(receipt.getByText("Date de dépôt")).toBeVisible();
    await expect(receipt.getByText(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Nouvelle demande" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    // An admin sees the new demand.
    await signInAsAdmin(page);
    const found = await findDemands(page, "student", register);
    expect(found.map((d) => [d.register, d.code, d.lastname])).toEqual([[register, code, "Essomba"]]);
  });

  test("staff, in English, to the result page; New request starts again", async ({ page }) => {
    const register = uniqueRegister("SF");
    await page.goto("/registration/staff");
    await switchToEnglish(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff card request");
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await page.getByRole("textbox", { name: "Registration number" }).fill("AB 12");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
      "Registration number may only contain letters, digits and the characters - / .",
    );
    await page.getByRole("textbox", { name: "Registration number" }).fill(register);
    await choose(page, "Function", "Librarian");
    await choose(page, "Service", "Central Library");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(stepHeading(page)).toHaveText(/: Personal information$/);
    await page.getByRole("textbox", { name: "Last name" }).fill("Nkoulou");
    await page.getByRole("textbox", { name: "First name" }).fill("Bernard");
    await page.getByRole("textbox", { name: "Place of birth" }).fill("Yaoundé");
    await fillDate(page, /Date of birth/, ["30", "1", "1979"], ["Day", "Month", "Year"]);
    await pick(page, "radio", "Male");
    await page.getByRole("textbox", { name: "National ID card number" }).fill("CM-998877");
    await page.getByRole("textbox", { name: "Email address" }).fill("b.nkoulou@example.cm");
    await page.getByRole("textbox", { name: "Phone number" }).fill("222334455");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(stepHeading(page)).toHaveText(/: Emergency information$/);
    await page.getByRole("textbox", { name: "Emergency contact name" }).fill("Marie N.");
    await page.getByRole("textbox", { name: "Emergency contact phone" }).fill("655443322");
    await choose(page, "Blood group", "Unknown");
    await page.getByRole("textbox", { name: "Allergies" }).fill("Penicillin");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(stepHeading(page)).toHaveText(/: Review$/);
    await expect(page.locator('dd[data-field="fonction"]')).toHaveText("Librarian");
    await expect(page.locator('dd[data-field="service"]')).toHaveText("Central Library");
    await expect(page.locator('dd[data-field="school"]')).toHaveText("University of Sanaga");
    // Day, month, year in the field, dd/mm/yyyy in the review: the same order in English as in French.
    await expect(page.locator('dd[data-field="birth_at"]')).toHaveText("30/01/1979");
    await pick(page, "checkbox", "I have read the terms and conditions.");
    await pick(page, "checkbox", "I accept the terms and conditions.");
    await pick(page, "checkbox", "I accept the terms of use.");
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff card request sent");
    await expect(page.getByText("Request sent successfully!")).toBeVisible();
    await expect(page.locator("dd.font-mono")).toHaveText(/^DMPER/);
    await expectNoAxeViolations(page, "result page");

    await page.getByRole("button", { name: "New request" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff card request");
    await expect(page.getByRole("textbox", { name: "Registration number" })).toHaveValue("");
  });
});
