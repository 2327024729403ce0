import { expect, type Locator } from "@playwright/test";
import { test } from "./support/takeover";
import {
  resumeDraft,
  uniqueRegister,
  select,
  choose,
  expectChosen,
  stepHeading,
  signInAsAdmin,
  findDemands,
  fillEmployeePersonalFr,
  fillTeacherProfessionalFr,
  acceptAllFr,
} from "./support/wizard";

/**
 * The registration wizard on the demo build: a reload mid-way, browser Back and Forward, a register that already has a demand, keyboard only, and a browser that refuses to store anything.
 */

test.describe("registration wizard (demo mode)", () => {
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
