import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
/**
 * A staff wizard saved at its review step, in the format of `snapshotForStorage` (src/machines/
 * wizard-storage.ts, version 1): put it under localStorage `campus-card.registration.staff`; the wizard then offers it
 * (`resumeDraft`) and opens there once resumed.
 */
export const staffReviewSnapshot = (register: string, acceptances: Record<string, boolean> = {}) => ({
  version: 1,
  kind: "staff",
  values: {
    register,
    school: 1,
    fonction: 1,
    service: 1,
    lastname: "Essomba",
    firstname: "Paul",
    birth_place: "Douala",
    birth_at: "1985-06-15",
    gender: 2,
    nid: "1234567890",
    email: "paul.essomba@example.cm",
    phone: "672123456",
    contact_person_name: "Awa Test",
    contact_person_phone: "+237 699 11 22 33",
    blood_group: 3,
    allergies: "Aucune",
  },
  step: 3,
  reached: 3,
  acceptances,
  photo: null,
});

/** Answers the wizard's offer of a draft found on this device: resume it (either language). */
export const resumeDraft = (page: Page) =>
  page.getByRole("button", { name: /^(Reprendre la demande|Resume the request)/ }).click();

/** Opens the staff wizard resumed from `snapshot` (a `staffReviewSnapshot`, its step as given), as this device's draft. */
export const openStaffDraft = async (page: Page, snapshot: ReturnType<typeof staffReviewSnapshot>) => {
  await page.goto("/registration");
  await page.evaluate(
    (draft) => localStorage.setItem("campus-card.registration.staff", JSON.stringify(draft)),
    snapshot,
  );
  await page.goto("/registration/staff");
  await resumeDraft(page);
};

type Kind = "student" | "staff" | "teacher";

/** A register unique enough for one run: 7 characters, letters and digits. */
export const uniqueRegister = (prefix: string) =>
  `${prefix}${String(Date.now()).slice(-5)}${Math.floor(Math.random() * 10)}`.slice(0, 7);

/** A birth date in the three boxes (day, month, year: the same order in both languages). */
export const fillDate = async (
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
export const select = (page: Page, label: string) => page.getByRole("combobox", { name: label, exact: true });

/** Picks an option of a select by its text, once the select is enabled (reference lists load first). */
export const choose = async (page: Page, label: string, option: string) => {
  await expect(select(page, label)).toBeEnabled();
  await select(page, label).selectOption({ label: option });
};

/** The text of the option a select shows. */
export const expectChosen = (page: Page, label: string, option: string) =>
  expect(select(page, label).locator("option:checked")).toHaveText(option);

/** Clicks the label of a react-aria radio or checkbox (the native input is visually hidden). */
export const pick = (page: Page, role: "radio" | "checkbox", name: string) =>
  page
    .locator("label")
    .filter({ has: page.getByRole(role, { name, exact: true }) })
    .click();

export const stepHeading = (page: Page) => page.locator("#wizard-step-title");

export const switchToEnglish = async (page: Page) => {
  await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
};

/** Signs in as the demo admin through the login page and answers the bearer token. */
export const signInAsAdmin = async (page: Page) => {
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
export const findDemands = (page: Page, kind: Kind, search: string) =>
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

export const expectNoAxeViolations = async (page: Page, label: string) => {
  // react-aria's hidden live announcer briefly keeps an announcement labelled by the Send button's id after the
  // result page replaced it (role=img with a dangling aria-labelledby, removed after 7 s): not page content.
  expect(await axeViolations(page, label, ["[data-live-announcer]"])).toEqual([]);
};

/** Staff or teacher personal and emergency steps, in French. */
export const fillEmployeePersonalFr = async (page: Page, names: { last: string; first: string }) => {
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
export const fillTeacherProfessionalFr = async (page: Page, register: string) => {
  await page.getByRole("textbox", { name: "Matricule" }).fill(register);
  await choose(page, "Faculté ou établissement", "Faculté des Sciences");
  await choose(page, "Département", "Département d'Informatique");
  await choose(page, "Fonction", "Enseignant-chercheur");
  await choose(page, "Grade", "Chargé de cours");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
};

export const acceptAllFr = async (page: Page) => {
  await pick(page, "checkbox", "J'ai lu les conditions générales.");
  await pick(page, "checkbox", "J'accepte les conditions générales.");
  await pick(page, "checkbox", "J'accepte les conditions d'utilisation.");
};

/** The open photo dialog: a PNG chosen, its crop used, the dialog gone. */
export const usePhotoInDialog = async (page: Page, png: Buffer) => {
  const dialog = page.getByRole("dialog", { name: /photo/i });
  await dialog.locator("input[type=file]").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
  await dialog.getByRole("button", { name: "Utiliser cette photo" }).click();
  await expect(dialog).toBeHidden();
};
