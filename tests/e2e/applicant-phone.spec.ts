import { expect, type Page } from "@playwright/test";
import { referenceData } from "../../src/mock-server/reference-data";
import { axeViolations } from "./support/axe";
import { test } from "./support/takeover";

/**
 * The applicant on a 390 px phone (a touch screen): a shared phone offers the last applicant's draft instead of
 * opening it, the step indicator fits, phones read in pairs and travel as the 9 digits, the photo offers the front
 * camera, and the header and footer speak of the card being requested.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const stepHeading = (page: Page) => page.locator("#wizard-step-title");
const select = (page: Page, label: string) => page.getByRole("combobox", { name: label, exact: true });
const choose = async (page: Page, label: string, option: string) => {
  await expect(select(page, label)).toBeEnabled();
  await select(page, label).selectOption({ label: option });
};

/** Nothing of the page sticks out sideways: a phone never scrolls horizontally. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

const fillStaffProfessional = async (page: Page, register: string) => {
  await page.getByRole("textbox", { name: "Matricule" }).fill(register);
  await choose(page, "Fonction", "Secrétaire");
  await choose(page, "Service", "Service Financier");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(stepHeading(page)).toHaveText(/\s: Informations personnelles$/);
};

test("a shared phone: the next applicant is offered the last one's draft, never shown it, and may start anew", async ({
  page,
}) => {
  await page.goto("/registration/staff");
  await expect(page.getByRole("navigation", { name: "Progression" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The staff card takes no teaching function: a lecturer takes the teacher card.
  await expect(select(page, "Fonction")).toBeEnabled();
  const functions = await select(page, "Fonction").locator("option").allTextContents();
  expect(functions).toContain("Secrétaire");
  expect(functions).not.toContain("Enseignant-chercheur");
  await fillStaffProfessional(page, "22W1234");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Mbarga");

  // The next person at this phone, even through an address naming the first step.
  await page.goto("/registration/staff?step=1");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Une demande a été commencée sur cet appareil");
  const today = new Date();
  const day = `${String(today.getDate()).padStart(2, "0")}/${String(today.getMonth() + 1).padStart(2, "0")}`;
  await expect(
    page.getByRole("button", { name: `Reprendre la demande commencée le ${day} pour le matricule 22W…` }),
  ).toBeVisible();
  await expect(page.getByText("22W1234")).toHaveCount(0);
  await expect(page.getByText("Mbarga")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page, "draft offer at 390 px")).toEqual([]);

  await page.getByRole("button", { name: "Commencer une nouvelle demande" }).click();
  await expect(stepHeading(page)).toHaveText("Étape 1 sur 4 : Informations professionnelles");
  await expect(stepHeading(page)).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Matricule" })).toHaveValue("");
  await page.reload();
  await expect(stepHeading(page)).toHaveText("Étape 1 sur 4 : Informations professionnelles");
});

test("the owner resumes the draft where it was left", async ({ page }) => {
  await page.goto("/registration/staff");
  await fillStaffProfessional(page, "22W1235");
  await page.reload();
  await page.getByRole("button", { name: /^Reprendre la demande commencée le .* pour le matricule 22W…$/ }).click();
  await expect(stepHeading(page)).toHaveText("Étape 2 sur 4 : Informations personnelles");
  await expect(page).toHaveURL(/step=2/);
});

test("header, footer, step indicator and photo on the phone, in French and English", async ({ page }) => {
  await page.goto("/registration/teacher");
  await expect(page.getByRole("navigation", { name: "Navigation publique" }).getByRole("link").first()).toHaveText(
    "Demande de carte",
  );
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Conditions d'utilisation" })).toHaveAttribute(
    "href",
    "/terms/teacher",
  );
  // The step indicator: every step in view, on one line, the current one named.
  const steps = page.getByRole("navigation", { name: "Progression" }).getByRole("listitem");
  await expect(steps).toHaveCount(4);
  const tops = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  await expectNoSidewaysScroll(page);

  await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Public navigation" }).getByRole("link").first()).toHaveText(
    "Card request",
  );
  await expectNoSidewaysScroll(page);
});

test("the phone number reads in pairs and is sent as its 9 digits", async ({ page }) => {
  // A live backend, faked here, so the request the browser sends can be read as it leaves.
  const backend = "http://127.0.0.1:9";
  await page.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: backend } }));
  let sent: Record<string, string> | null = null;
  await page.route(`${backend}/**`, async (route) => {
    const url = new URL(route.request().url());
    const list = /^\/institution\/api\/v1\/(\w+)\/$/.exec(url.pathname)?.[1];
    if (list && list in referenceData)
      return route.fulfill({ json: referenceData[list as keyof typeof referenceData] });
    if (url.pathname === "/staff/api/v1/demand/personnel/submit/") {
      const form = await new Request("http://x/", {
        method: "POST",
        headers: { "content-type": route.request().headers()["content-type"] ?? "" },
        body: new Uint8Array(route.request().postDataBuffer() ?? []),
      }).formData();
      sent = Object.fromEntries(
        [...form].map(([key, value]) => [key, typeof value === "string" ? value : `(file ${value.name})`]),
      );
      return route.fulfill({ status: 201, json: { id: 1, code: "DMPER0001" } });
    }
    return route.fulfill({ status: 404, json: { detail: "Not found." } });
  });

  await page.goto("/registration/staff");
  await fillStaffProfessional(page, "PH12345");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Mbarga");
  await page.getByRole("textbox", { name: "Prénom" }).fill("Anne");
  await page.getByRole("textbox", { name: "Lieu de naissance" }).fill("Douala");
  const birth = page.getByRole("group", { name: /Date de naissance/ });
  await birth.getByRole("textbox", { name: "Jour", exact: true }).fill("15");
  await birth.getByRole("textbox", { name: "Mois", exact: true }).fill("06");
  await birth.getByRole("textbox", { name: "Année", exact: true }).fill("1985");
  await page
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "Femme", exact: true }) })
    .click();
  await page.getByRole("textbox", { name: "Numéro de CNI" }).fill("1234567890");
  await page.getByRole("textbox", { name: "Adresse e-mail" }).fill("anne@example.cm");
  const phone = page.getByRole("textbox", { name: "Numéro de téléphone" });
  await phone.fill("671234567");
  await phone.blur();
  await expect(phone).toHaveValue("6 71 23 45 67");
  // The photo: the front camera on a phone, beside the gallery, with the guidance.
  await page.getByRole("button", { name: "Ajouter une photo" }).click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByText("Visage visible et face à l'objectif, fond clair et uni, sans chapeau, sans filtre."),
  ).toBeVisible();
  await expect(dialog.locator('input[type=file][capture="user"]')).toHaveCount(1);
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await page.getByRole("button", { name: "Suivant" }).click();
  await page.getByRole("textbox", { name: "Nom de la personne à contacter" }).fill("Awa Test");
  await page.getByRole("textbox", { name: "Téléphone de la personne à contacter" }).fill("+237 699 11 22 33");
  await choose(page, "Groupe sanguin", "A+");
  await page.getByRole("textbox", { name: "Allergies" }).fill("Aucune");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(stepHeading(page)).toHaveText(/\s: Récapitulatif$/);
  await expect(page.locator('dd[data-field="phone"]')).toHaveText("6 71 23 45 67");
  await expect(page.locator('dd[data-field="contact_person_phone"]')).toHaveText("6 99 11 22 33");
  for (const name of [
    "J'ai lu les conditions générales.",
    "J'accepte les conditions générales.",
    "J'accepte les conditions d'utilisation.",
  ])
    await page
      .locator("label")
      .filter({ has: page.getByRole("checkbox", { name, exact: true }) })
      .click();
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect.poll(() => sent).not.toBeNull();
  expect(sent).toMatchObject({ phone: "671234567", contact_person_phone: "699112233", register: "PH12345" });
});
