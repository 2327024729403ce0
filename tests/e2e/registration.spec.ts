import { expect, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { test } from "./support/takeover";
import { samplePng } from "./support/sample-png";
import { openStaffDraft, resumeDraft, staffReviewSnapshot } from "./support/wizard";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";

/**
 * The public registration wizard on the demo build: the three kinds to the result page (French and English),
 * keyboard only, reload safety (fields and photo), a duplicate register, and the new demand seen by an admin.
 */

type Kind = "student" | "staff" | "teacher";

/** A register unique enough for one run: 7 characters, letters and digits. */
const uniqueRegister = (prefix: string) =>
  `${prefix}${String(Date.now()).slice(-5)}${Math.floor(Math.random() * 10)}`.slice(0, 7);

/** A birth date in the three boxes (day, month, year: the same order in both languages). */
const fillDate = async (
  page: Page,
  label: RegExp,
  [day, month, year]: [string, string, string],
  names = ["Jour", "Mois", "Année"],
) => {
  const group = page.getByRole("group", { name: label });
  await group.getByRole("textbox", { name: names[0], exact: true }).fill(day);
  await group.getByRole("textbox", { name: names[1], exact: true }).fill(month);
  await group.getByRole("textbox", { name: names[2], exact: true }).fill(year);
};

/** A select of the wizard, by its label. */
const select = (page: Page, label: string) => page.getByRole("combobox", { name: label, exact: true });

/** Picks an option of a select by its text, once the select is enabled (reference lists load first). */
const choose = async (page: Page, label: string, option: string) => {
  await expect(select(page, label)).toBeEnabled();
  await select(page, label).selectOption({ label: option });
};

/** The text of the option a select shows. */
const expectChosen = (page: Page, label: string, option: string) =>
  expect(select(page, label).locator("option:checked")).toHaveText(option);

/** Clicks the label of a react-aria radio or checkbox (the native input is visually hidden). */
const pick = (page: Page, role: "radio" | "checkbox", name: string) =>
  page
    .locator("label")
    .filter({ has: page.getByRole(role, { name, exact: true }) })
    .click();

const stepHeading = (page: Page) => page.locator("#wizard-step-title");

const switchToEnglish = async (page: Page) => {
  await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
};

/** Signs in as the demo admin through the login page and answers the bearer token. */
const signInAsAdmin = async (page: Page) => {
  await page.goto("/auth");
  await page.locator("input[name=username]").fill("admin");
  await page.locator("input[name=password]").fill("Admin@2026");
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard/);
};

const demandPaths: Record<Kind, string> = {
  student: "/student/api/v1/demand/",
  staff: "/staff/api/v1/demand/personnel/",
  teacher: "/teacher/api/v1/demand/teacher/",
};

/** Pending demands of a kind matching `search`, read from the demo API with the signed-in token. */
const findDemands = (page: Page, kind: Kind, search: string) =>
  page.evaluate(
    async ({ path, search }) => {
      const session = JSON.parse(localStorage.getItem("campus-card.session") ?? "{}") as { token?: string };
      const response = await fetch(`${path}?search=${encodeURIComponent(search)}&validated=false`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      const body = (await response.json()) as {
        results: { register: string; code: string; firstname: string; lastname: string }[];
      };
      return body.results;
    },
    { path: demandPaths[kind], search },
  );

const expectNoAxeViolations = async (page: Page, label: string) => {
  // react-aria's hidden live announcer briefly keeps an announcement labelled by the Send button's id after the
  // result page replaced it (role=img with a dangling aria-labelledby, removed after 7 s): not page content.
  expect(await axeViolations(page, label, ["[data-live-announcer]"])).toEqual([]);
};

/** Staff or teacher personal and emergency steps, in French. */
const fillEmployeePersonalFr = async (page: Page, names: { last: string; first: string }) => {
  await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(names.last);
  await page.getByRole("textbox", { name: "Prénom" }).fill(names.first);
  await page.getByRole("textbox", { name: "Lieu de naissance" }).fill("Douala");
  await fillDate(page, /Date de naissance/, ["15", "06", "1985"]);
  await pick(page, "radio", "Homme");
  await page.getByRole("textbox", { name: "Numéro de CNI" }).fill("1234567890");
  await page.getByRole("textbox", { name: "Adresse e-mail" }).fill("agent.test@example.cm");
  await page.getByRole("textbox", { name: "Numéro de téléphone" }).fill("672123456");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(stepHeading(page)).toHaveText(/\s: Informations d'urgence$/);
  await page.getByRole("textbox", { name: "Nom de la personne à contacter" }).fill("Awa Test");
  await page.getByRole("textbox", { name: "Téléphone de la personne à contacter" }).fill("+237 699 11 22 33");
  await choose(page, "Groupe sanguin", "A+");
  await page.getByRole("textbox", { name: "Allergies" }).fill("Aucune");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(stepHeading(page)).toHaveText(/\s: Récapitulatif$/);
};

/** The teacher's first step, in French, then Next to the personal step. */
const fillTeacherProfessionalFr = async (page: Page, register: string) => {
  await page.getByRole("textbox", { name: "Matricule" }).fill(register);
  await choose(page, "Faculté ou établissement", "Faculté des Sciences");
  await choose(page, "Département", "Département d'Informatique");
  await choose(page, "Fonction", "Enseignant-chercheur");
  await choose(page, "Grade", "Chargé de cours");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
};

const acceptAllFr = async (page: Page) => {
  await pick(page, "checkbox", "J'ai lu les conditions générales.");
  await pick(page, "checkbox", "J'accepte les conditions générales.");
  await pick(page, "checkbox", "J'accepte les conditions d'utilisation.");
};

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

  test("staff, in French, with the optional photo: sent with the demand, shown to the agent, on the card PDF and the check page", async ({
    page,
  }) => {
    const register = uniqueRegister("SP");
    await page.goto("/registration/staff");
    await page.getByRole("textbox", { name: "Matricule" }).fill(register);
    await choose(page, "Fonction", "Bibliothécaire");
    await choose(page, "Service", "Bibliothèque Centrale");
    const dialogScript = page.waitForRequest(/\/assets\/PhotoDialog-[^/]+\.js$/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    // The crop dialog's script is fetched while the applicant reads the step, not when Add is tapped.
    await dialogScript;
    await page.getByRole("button", { name: "Ajouter une photo" }).click();
    const dialog = page.getByRole("dialog", { name: /photo/i });
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: samplePng() });
    await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
    await expect(dialog).toBeHidden();
    await fillEmployeePersonalFr(page, { last: "Mbarga", first: "Photo" });
    await expect(page.getByRole("img", { name: "Votre photo d'identité" })).toBeVisible();
    await acceptAllFr(page);
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page.getByText("Demande envoyée avec succès !")).toBeVisible();

    // The agent sees the photo, validates as it is (no question: a photo is optional for staff), opens the card.
    await signInAsAdmin(page);
    await page.goto(`/dashboard/staff/demand?search=${register}`);
    await page.getByRole("table", { name: "Personnel — demandes" }).getByRole("link").first().click();
    await expect(page.getByRole("img", { name: /^Photo de / })).toBeVisible();
    await page.getByRole("button", { name: "Valider tel quel" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Demande validée avec succès." })).toBeVisible();
    await page.getByRole("link", { name: "Voir la carte" }).click();
    await expect(page.locator("object[type='application/pdf']")).toHaveAttribute("data", /^blob:/);
    const cardId = page.url().split("/").pop() ?? "";
    const pdf = await page.evaluate(async (path) => {
      const { token } = JSON.parse(localStorage.getItem("campus-card.session") ?? "{}") as { token: string };
      return [
        ...new Uint8Array(await (await fetch(path, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()),
      ];
    }, `/staff/api/v1/card/personnel/${cardId}/pdf/`);
    const doc = await PDFDocument.load(Uint8Array.from(pdf));
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
    expect(images, "the holder's photo in the card PDF").toHaveLength(1);

    // The check link opens a new tab: followed here in the same one.
    await page.goto(
      (await page.getByRole("link", { name: "Ouvrir la page publique de vérification (démo)" }).getAttribute("href")) ??
        "",
    );
    await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-photo", "present");
    await expect(page.getByRole("img", { name: /^Photo de / })).toBeVisible();
  });

  test("teacher, in French: a reload in the middle keeps the step and every field", async ({ page }) => {
    const register = uniqueRegister("TC");
    await page.goto("/registration/teacher");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de carte enseignant");
    await fillTeacherProfessionalFr(page, register);
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Fotso");

    await page.reload();
    // The draft found in this tab is offered, then taken back.
    await resumeDraft(page);
    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Fotso");
    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(page.getByRole("textbox", { name: "Matricule" })).toHaveValue(register);
    await expectChosen(page, "Faculté ou établissement", "Faculté des Sciences");
    await expectChosen(page, "Département", "Département d'Informatique");
    await expectChosen(page, "Grade", "Chargé de cours");
    await page.getByRole("button", { name: "Suivant" }).click();

    await fillEmployeePersonalFr(page, { last: "Fotso", first: "Jeanne" });
    await expect(page.locator('dd[data-field="faculty"]')).toHaveText("Faculté des Sciences");
    await acceptAllFr(page);
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de carte enseignant envoyée");
    await expect(page.locator("dd.font-mono")).toHaveText(/^DMTEA/);

    await signInAsAdmin(page);
    const found = await findDemands(page, "teacher", register);
    expect(found.map((d) => d.register)).toEqual([register]);
  });

  test("browser Back and Forward move between the steps, every field kept", async ({ page }) => {
    const register = uniqueRegister("TB");
    await page.goto("/");
    await page.goto("/registration/teacher");
    await fillTeacherProfessionalFr(page, register);
    await expect(page).toHaveURL(/\/registration\/teacher\?step=2$/);
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Fotso");

    await page.goBack();
    await expect(stepHeading(page)).toHaveText(/\s: Informations professionnelles$/);
    await expect(page.getByRole("textbox", { name: "Matricule" })).toHaveValue(register);
    await expectChosen(page, "Grade", "Chargé de cours");
    await expect(stepHeading(page)).toBeFocused();

    await page.goForward();
    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Fotso");

    // Back from the first step leaves the wizard, as on any page; Forward comes back to it, nothing lost once resumed.
    await page.goBack();
    await expect(stepHeading(page)).toHaveText(/\s: Informations professionnelles$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await page.goForward();
    // Coming back to the wizard, the draft found is offered (the device may be shared), then taken back.
    await resumeDraft(page);
    await expect(stepHeading(page)).toHaveText(/\s: Informations professionnelles$/);
    await expect(page.getByRole("textbox", { name: "Matricule" })).toHaveValue(register);

    // Forward is not a way round the rules: with the step now invalid, the wizard stays and says why.
    await page.getByRole("textbox", { name: "Matricule" }).fill("");
    await page.goForward();
    await expect(page.getByText("Le matricule est obligatoire.").first()).toBeVisible();
    await expect(stepHeading(page)).toHaveText(/\s: Informations professionnelles$/);
    await expect(page).toHaveURL(/\/registration\/teacher$/);
  });

  test("a phone camera's photo: the tap on Use says at once that the photo is being prepared, then the field shows it", async ({
    page,
  }) => {
    await openStaffDraft(page, { ...staffReviewSnapshot("PH0001"), step: 1 });
    await page.getByRole("button", { name: "Ajouter une photo" }).click();
    const dialog = page.getByRole("dialog", { name: /photo/i });
    // Six megapixels: cropping and encoding them takes a noticeable time on a phone, on the page's main thread.
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "camera.png", mimeType: "image/png", buffer: samplePng(2100, 2800) });
    const use = dialog.getByRole("button", { name: "Utiliser cette photo" });
    await expect(use).toBeEnabled();
    // Whether the button said it was busy before the dialog went away: seen by the page itself, so nothing is missed.
    await page.evaluate(() => {
      const seen = { pending: false };
      Object.assign(window, { __usePending: seen });
      new MutationObserver(() => {
        if (document.querySelector('[role="dialog"] button[data-pending="true"]')) seen.pending = true;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-pending"] });
    });
    await use.click();
    await expect(dialog).toBeHidden();
    expect(
      await page.evaluate(() => (window as unknown as { __usePending: { pending: boolean } }).__usePending.pending),
    ).toBe(true);
    const photo = page.getByRole("img", { name: "Votre photo d'identité" });
    await expect(photo).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
    // Cropped to the card's frame and brought down to the card's size.
    const size = await photo.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(size.height).toBeLessThanOrEqual(600);
    expect(size.width / size.height).toBeCloseTo(35 / 45, 2);
  });

  test("a camera's photo turned by its EXIF orientation is cropped as the page shows it, upright", async ({ page }) => {
    await openStaffDraft(page, { ...staffReviewSnapshot("EX0001"), step: 1 });
    const photo = page.getByRole("img", { name: "Votre photo d'identité" });
    // Stored one way, shown another: the left half red, the right half blue as stored, then the EXIF orientation.
    const cases = [
      // 6: turned a quarter clockwise, so the red half is on top.
      { orientation: 6, width: 2800, height: 2100, red: [0.5, 0.2], blue: [0.5, 0.8], button: "Ajouter une photo" },
      // 3: upside down, so the red half is on the right.
      { orientation: 3, width: 2100, height: 2800, red: [0.8, 0.5], blue: [0.2, 0.5], button: "Changer la photo" },
    ] as const;
    for (const { orientation, width, height, red, blue, button } of cases) {
      const jpeg = await page.evaluate(
        async ({ orientation, width, height }) => {
          const canvas = document.createElement("canvas");
          canvas.width = width;
          canvas.height = height;
          const context = canvas.getContext("2d")!;
          context.fillStyle = "#ff0000";
          context.fillRect(0, 0, width / 2, height);
          context.fillStyle = "#0000ff";
          context.fillRect(width / 2, 0, width / 2, height);
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
          const bytes = new Uint8Array(await blob.arrayBuffer());
          // An EXIF block (APP1) right after the JPEG's start: a big-endian TIFF header and one tag, Orientation.
          const exif = [
            0xff,
            0xe1,
            0x00,
            0x22,
            0x45,
            0x78,
            0x69,
            0x66,
            0x00,
            0x00,
            0x4d,
            0x4d,
            0x00,
            0x2a,
            0x00,
            0x00,
            0x00,
            0x08,
            0x00,
            0x01,
            0x01,
            0x12,
            0x00,
            0x03,
            0x00,
            0x00,
            0x00,
            0x01,
            0x00,
            orientation,
            0x00,
            0x00,
            0x00,
            0x00,
            0x00,
            0x00,
          ];
          return [...bytes.slice(0, 2), ...exif, ...bytes.slice(2)];
        },
        { orientation, width, height },
      );
      await page.getByRole("button", { name: button }).click();
      const dialog = page.getByRole("dialog", { name: /photo/i });
      await dialog
        .locator("input[type=file]")
        .setInputFiles({ name: `camera-${orientation}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(jpeg) });
      await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
      await expect(dialog).toBeHidden();
      const colours = await photo.evaluate(
        async (img: HTMLImageElement, { red, blue }) => {
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const context = canvas.getContext("2d")!;
          context.drawImage(img, 0, 0);
          const at = ([x, y]: readonly number[]) => {
            const [r, , b] = context.getImageData(
              Math.round(x! * canvas.width),
              Math.round(y! * canvas.height),
              1,
              1,
            ).data;
            return r! > 200 && b! < 60 ? "red" : b! > 200 && r! < 60 ? "blue" : `rgb ${r} ${b}`;
          };
          return { portrait: canvas.height > canvas.width, red: at(red), blue: at(blue) };
        },
        { red, blue },
      );
      expect(colours, `orientation ${orientation}`).toEqual({ portrait: true, red: "red", blue: "blue" });
    }
  });

  test("the photo and every field survive a reload; dark theme is axe-clean", async ({ page }) => {
    await page.goto("/registration/student");
    await page.evaluate(() => localStorage.setItem("vite-ui-theme", "dark"));
    await page.getByRole("textbox", { name: "Matricule" }).fill("RL12345");
    await choose(page, "Faculté", "Faculté de Médecine et des Sciences Biomédicales");
    await choose(page, "Cycle", "Doctorat");
    await choose(page, "Niveau", "Doctorat 1 (D1)");
    await choose(page, "Filière", "Médecine Générale");
    await page.getByRole("button", { name: "Suivant" }).click();
    await pick(page, "radio", "Partiel");
    await page.getByRole("button", { name: "Suivant" }).click();
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Mbida");
    await page.getByRole("textbox", { name: "Prénom" }).fill("Rose");
    await page.getByRole("button", { name: "Ajouter une photo" }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: samplePng() });
    await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
    const src = await page.getByRole("img", { name: "Votre photo d'identité" }).getAttribute("src");
    expect(src).toMatch(/^data:image\/jpeg;base64,/);

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await resumeDraft(page);
    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Mbida");
    await expect(page.getByRole("textbox", { name: "Prénom" })).toHaveValue("Rose");
    await expect(page.getByRole("img", { name: "Votre photo d'identité" })).toHaveAttribute("src", src ?? "");
    await expectNoAxeViolations(page, "personal step (dark)");
    // Errors in dark mode too.
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Il y a un problème" })).toBeFocused();
    await expectNoAxeViolations(page, "personal step with errors (dark)");
    await page.getByRole("button", { name: "Précédent" }).click();
    await page.getByRole("button", { name: "Précédent" }).click();
    await expectChosen(page, "Filière", "Médecine Générale");
    await expectChosen(page, "Niveau", "Doctorat 1 (D1)");
  });

  test("a register that already has a demand: the message, everything kept, what to do instead of another register", async ({
    page,
  }) => {
    // A seeded staff register, read from the demo API as the admin.
    await signInAsAdmin(page);
    const seeded = await findDemands(page, "staff", "");
    const register = seeded[0]?.register ?? "";
    expect(register).not.toBe("");
    await page.goto("/registration/staff");
    await page.getByRole("textbox", { name: "Matricule" }).fill(register);
    await choose(page, "Fonction", "Secrétaire");
    await choose(page, "Service", "Service Financier");
    await page.getByRole("button", { name: "Suivant" }).click();
    await fillEmployeePersonalFr(page, { last: "Double", first: "Demande" });
    await acceptAllFr(page);
    await page.getByRole("button", { name: "Envoyer la demande" }).click();

    const exists = page.getByRole("alert").filter({ hasText: "Cette demande existe déjà." });
    await expect(exists).toBeFocused();
    await expect(stepHeading(page)).toHaveText(/\s: Récapitulatif$/);
    await expect(page.locator('dd[data-field="lastname"]')).toHaveText("Double");
    await expect(page.getByRole("checkbox", { name: "J'accepte les conditions d'utilisation." })).toBeChecked();
    await expect(exists).toContainText("n’en envoyez pas une autre avec un autre matricule");
    await expect(exists.getByRole("button", { name: "Modifier le matricule" })).toHaveCount(0);
  });

  test("the student wizard completed with the keyboard alone", async ({ page }) => {
    const register = uniqueRegister("KB");
    await page.goto("/registration/student");
    await expect(stepHeading(page)).toHaveText(/\s: Informations académiques$/);

    /** Presses Tab until `target` has focus (keyboard only; fails after 40 presses). */
    const tabTo = async (target: Locator) => {
      for (let i = 0; i < 40; i++) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press("Tab");
      }
      await expect(target).toBeFocused();
    };
    /** Arrow keys on the focused select move the choice along the options. */
    const selectByKeyboard = async (label: string, option: string) => {
      await expect(select(page, label)).toBeEnabled();
      await tabTo(select(page, label));
      const chosen = select(page, label).locator("option:checked");
      for (let i = 0; i < 30 && (await chosen.textContent()) !== option; i++) await page.keyboard.press("ArrowDown");
      await expectChosen(page, label, option);
    };

    await tabTo(page.getByRole("textbox", { name: "Matricule" }));
    await page.keyboard.type(register);
    await selectByKeyboard("Faculté", "Faculté des Sciences Juridiques et Politiques");
    await selectByKeyboard("Cycle", "Master");
    await selectByKeyboard("Niveau", "Master 1 (M1)");
    await selectByKeyboard("Filière", "Droit Public");
    await tabTo(page.getByRole("button", { name: "Suivant" }));
    await page.keyboard.press("Enter");

    await expect(stepHeading(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab"); // the first radio (after the required-fields note, which is not focusable)
    await tabTo(page.getByRole("radio", { name: "Partiel" }));
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "Complet" })).toBeChecked();
    await page.keyboard.press("Enter"); // Enter in the form goes to the next step

    await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
    await tabTo(page.getByRole("textbox", { name: "Nom", exact: true }));
    await page.keyboard.type("Abena");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Luc");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("radio", { name: "Femme" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "Homme" })).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.type("luc.abena@example.cm");
    await page.keyboard.press("Tab");
    await page.keyboard.type("650112233");
    await page.keyboard.press("Tab");
    // Day, month, year: three boxes, whatever the browser's locale.
    await expect(page.getByRole("textbox", { name: "Jour", exact: true })).toBeFocused();
    await page.keyboard.type("14");
    await page.keyboard.press("Tab");
    await page.keyboard.type("05");
    await page.keyboard.press("Tab");
    await page.keyboard.type("2002");
    await tabTo(page.getByRole("button", { name: "Suivant" }));
    await page.keyboard.press("Space");

    await expect(stepHeading(page)).toHaveText(/\s: Informations d'urgence$/);
    await tabTo(page.getByRole("textbox", { name: "Nom de la personne à contacter" }));
    await page.keyboard.type("Eve Abena");
    await page.keyboard.press("Tab");
    await page.keyboard.type("690000111");
    await selectByKeyboard("Groupe sanguin", "B-");
    await tabTo(page.getByRole("textbox", { name: "Allergies" }));
    await page.keyboard.type("Aucune");
    await tabTo(page.getByRole("button", { name: "Suivant" }));
    await page.keyboard.press("Enter");

    await expect(stepHeading(page)).toHaveText(/\s: Récapitulatif$/);
    await expect(page.locator('dd[data-field="birth_at"]')).toHaveText("14/05/2002");
    for (const name of [
      "J'ai lu les conditions générales.",
      "J'accepte les conditions générales.",
      "J'accepte les conditions d'utilisation.",
    ]) {
      await tabTo(page.getByRole("checkbox", { name }));
      await page.keyboard.press("Space");
    }
    await tabTo(page.getByRole("button", { name: "Envoyer la demande" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande de carte étudiant envoyée");
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});

test.describe("a browser that refuses to store anything (storage full or disabled)", () => {
  test("the wizard and the demo go on in memory and say once what a reload would lose", async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    await page.goto("/registration/staff");
    await expect(page.getByText(/données de démonstration.*perdus au rechargement/)).toHaveCount(1);
    await page.getByRole("textbox", { name: "Matricule" }).fill("AB123");
    await page.getByRole("textbox", { name: "Matricule" }).fill("AB1234");
    await expect(page.getByText(/ce que vous avez saisi sera perdu si la page est rechargée/)).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Matricule" })).toHaveValue("AB1234");
  });
});
