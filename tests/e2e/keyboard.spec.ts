import { expect, type Locator, type Page } from "@playwright/test";
import { afterStep, expectFocusOnElement, focusLooksDifferent, invisibleFocusStops } from "./support/focus";
import { samplePng } from "./support/sample-png";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";

/**
 * Keyboard and screen reader (issue 33) on the demo build, French UI: every keyboard stop shows its focus (pixels
 * of the element focused and unfocused differ), including the custom widgets; and three walks with the keyboard
 * alone (the student wizard, an agent's queue, a print batch) that check after every step where focus is (never
 * <body>), that it shows (computed style) and what the live regions said.
 */

test.describe("focus is visible", () => {
  test("the photo crop frame looks different focused and unfocused", async ({ page }) => {
    await openStaffDraft(page, { ...staffReviewSnapshot("QA0001"), step: 1 });
    await page.getByRole("button", { name: /photo/ }).first().focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /photo/i });
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: samplePng() });
    const frame = dialog.getByRole("group", { name: "Cadre de recadrage" });
    await expect(frame).toBeFocused();
    // Tab away and back (Shift+Tab), so the frame holds keyboard focus as a user moving through the dialog has it.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(frame).toBeFocused();
    const { differs, what } = await focusLooksDifferent(page);
    expect(differs, `${what}: focused and unfocused look the same`).toBe(true);
    // The rest of the dialog's stops too.
    expect(await invisibleFocusStops(page, 12)).toEqual([]);
  });

  test("every keyboard stop of the login page, the wizard's first step and a demand list shows its focus", async ({
    page,
  }) => {
    await page.goto("/auth");
    expect(await invisibleFocusStops(page, 30)).toEqual([]);
    await page.goto("/registration/student");
    expect(await invisibleFocusStops(page, 40)).toEqual([]);
    await signIn(page, "/dashboard/student/demand");
    await expect(page.getByRole("table")).toBeVisible();
    expect(await invisibleFocusStops(page, 60)).toEqual([]);
  });
});

/** Presses Tab until `target` has focus (keyboard only; fails after `max` presses). */
const tabTo = async (page: Page, target: Locator, max = 60) => {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
};

test.describe("keyboard alone, focus never lost, always shown, changes announced", () => {
  test("the student wizard: each step's heading says where the user is, the title follows; Change from the review comes back to it", async ({
    page,
  }) => {
    const register = `KW${String(Date.now()).slice(-4)}${Math.floor(Math.random() * 10)}`;
    const heading = page.locator("#wizard-step-title");
    const select = (label: string) => page.getByRole("combobox", { name: label, exact: true });
    const selectByKeyboard = async (label: string, option: string) => {
      await expect(select(label)).toBeEnabled();
      await tabTo(page, select(label));
      const chosen = select(label).locator("option:checked");
      for (let i = 0; i < 30 && (await chosen.textContent()) !== option; i++) await page.keyboard.press("ArrowDown");
      await expect(chosen).toHaveText(option);
    };
    const stepShown = async (text: string) => {
      await afterStep(page, text, { focus: heading });
      await expect(heading).toHaveText(text);
      await expect(page).toHaveTitle(`Demande de carte étudiant — ${text} — Campus Card`);
    };

    await page.goto("/registration/student");
    await expect(heading).toHaveText("Étape 1 sur 5 : Informations académiques");
    await expect(page).toHaveTitle(
      "Demande de carte étudiant — Étape 1 sur 5 : Informations académiques — Campus Card",
    );
    await tabTo(page, page.getByRole("textbox", { name: "Matricule" }));
    await afterStep(page, "register box");
    await page.keyboard.type(register);
    await selectByKeyboard("Faculté", "Faculté des Sciences Juridiques et Politiques");
    await selectByKeyboard("Cycle", "Master");
    await selectByKeyboard("Niveau", "Master 1 (M1)");
    await selectByKeyboard("Filière", "Droit Public");
    await tabTo(page, page.getByRole("button", { name: "Suivant" }));
    await afterStep(page, "Next button");
    await page.keyboard.press("Enter");

    await stepShown("Étape 2 sur 5 : Paiement");
    await tabTo(page, page.getByRole("radio", { name: "Partiel" }));
    await afterStep(page, "payment radio");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");

    await stepShown("Étape 3 sur 5 : Informations personnelles");
    await tabTo(page, page.getByRole("textbox", { name: "Nom", exact: true }));
    await page.keyboard.type("Abena");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Luc");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Tab");
    await page.keyboard.type("luc.abena@example.cm");
    await page.keyboard.press("Tab");
    await page.keyboard.type("650112233");
    await page.keyboard.press("Tab");
    await afterStep(page, "day box", { focus: page.getByRole("textbox", { name: "Jour", exact: true }) });
    await page.keyboard.type("14");
    await page.keyboard.press("Tab");
    await page.keyboard.type("05");
    await page.keyboard.press("Tab");
    await page.keyboard.type("2002");
    await tabTo(page, page.getByRole("button", { name: "Suivant" }));
    await page.keyboard.press("Enter");

    await stepShown("Étape 4 sur 5 : Informations d'urgence");
    await tabTo(page, page.getByRole("textbox", { name: "Nom de la personne à contacter" }));
    await page.keyboard.type("Eve Abena");
    await page.keyboard.press("Tab");
    await page.keyboard.type("690000111");
    await selectByKeyboard("Groupe sanguin", "B-");
    await tabTo(page, page.getByRole("textbox", { name: "Allergies" }));
    await page.keyboard.type("Aucune");
    await tabTo(page, page.getByRole("button", { name: "Suivant" }));
    await page.keyboard.press("Enter");

    await stepShown("Étape 5 sur 5 : Récapitulatif");
    // Change the payment from the review: after that step, Next comes back to the review.
    await tabTo(page, page.getByRole("button", { name: "Modifier Paiement" }));
    await afterStep(page, "Change payment");
    await page.keyboard.press("Enter");
    await stepShown("Étape 2 sur 5 : Paiement");
    await tabTo(page, page.getByRole("radio", { name: "Complet" }));
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await stepShown("Étape 5 sur 5 : Récapitulatif");

    for (const name of [
      "J'ai lu les conditions générales.",
      "J'accepte les conditions générales.",
      "J'accepte les conditions d'utilisation.",
    ]) {
      await tabTo(page, page.getByRole("checkbox", { name }));
      await afterStep(page, name);
      await page.keyboard.press("Space");
    }
    await tabTo(page, page.getByRole("button", { name: "Envoyer la demande" }));
    await page.keyboard.press("Enter");
    await afterStep(page, "result", {
      focus: page.getByRole("heading", { level: 1, name: "Demande de carte étudiant envoyée" }),
    });
  });

  test("an agent's queue: a demand opened from the table, then validated and the next one opened five times", async ({
    page,
  }) => {
    await signIn(page, "/dashboard/staff/demand");
    const table = page.getByRole("table", { name: "Personnel — demandes" });
    await expect(table.getByRole("row")).toHaveCount(11);
    await tabTo(page, table.getByRole("link").first());
    await afterStep(page, "first demand link");
    await page.keyboard.press("Enter");
    const title = page.getByRole("heading", { level: 1, name: "Validation de la demande" });
    await afterStep(page, "demand opened", { focus: title });
    const subject = page.locator("[data-title-subject]");
    await expect(subject).toHaveText(/\S/);

    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const code = (await subject.textContent())?.trim() ?? "";
      seen.add(code);
      await tabTo(page, page.getByRole("button", { name: "Valider et ouvrir la suivante" }));
      await afterStep(page, `validate and next ${i + 1}`);
      await page.keyboard.press("Enter");
      await expect(subject).not.toHaveText(code);
      const next = (await subject.textContent())?.trim() ?? "";
      await afterStep(page, `next demand ${i + 1}`, {
        focus: title,
        announced: new RegExp(`Demande suivante.*${next}`),
      });
    }
    expect(seen.size).toBe(5);
  });

  test("a print batch: cards chosen, added, the batch opened, sheets composed, printing confirmed", async ({
    page,
  }) => {
    await signIn(page, "/dashboard/student/card");
    const table = page.getByRole("table", { name: "Étudiants — cartes" });
    await expect(table.getByRole("row")).toHaveCount(11);
    const boxes = table.getByRole("checkbox", { name: /^Sélectionner la carte / });
    let chosen = 0;
    for (const box of await boxes.all()) {
      if (chosen === 2) break;
      if (await box.isDisabled()) continue;
      await tabTo(page, box);
      await afterStep(page, "card checkbox");
      await page.keyboard.press("Space");
      chosen++;
    }
    const add = page.getByRole("button", { name: /^Ajouter la sélection au lot/ });
    await tabTo(page, add, 120);
    await page.keyboard.press("Enter");
    const openBatch = page.getByRole("link", { name: "Ouvrir le lot d'impression (2)" });
    await afterStep(page, "added to the batch", {
      focus: openBatch,
      announced: "2 cartes ajoutées au lot d'impression.",
    });

    // Through the side menu, then back to the list, then the list's own link to the batch.
    const menu = page.getByRole("navigation", { name: "Navigation principale" });
    await tabTo(page, menu.getByRole("link", { name: /^Impression/ }).first(), 120);
    await page.keyboard.press("Enter");
    await afterStep(page, "side menu to the batch", {
      focus: page.getByRole("heading", { level: 1, name: "Étudiants — impression" }),
    });
    await tabTo(page, menu.getByRole("link", { name: "Cartes" }).first(), 120);
    await page.keyboard.press("Enter");
    await afterStep(page, "side menu to the cards", {
      focus: page.getByRole("heading", { level: 1, name: "Étudiants — cartes" }),
    });
    await tabTo(page, openBatch, 120);
    await page.keyboard.press("Enter");
    await afterStep(page, "batch opened", {
      focus: page.getByRole("heading", { level: 1, name: "Étudiants — impression" }),
    });

    await tabTo(page, page.getByRole("button", { name: "Composer les planches (2 cartes)" }), 120);
    await page.keyboard.press("Enter");
    await afterStep(page, "sheets composed", {
      focus: page.getByRole("heading", { level: 2, name: "Planches prêtes" }),
      announced: /Planches prêtes/,
    });
    const confirm = page.getByRole("button", { name: "Confirmer l'impression (2 cartes)" });
    await tabTo(page, confirm, 120);
    await page.keyboard.press("Enter");
    await afterStep(page, "printing confirmed", {
      focus: page.getByRole("heading", { level: 2, name: "Impression confirmée" }),
      announced: "2 cartes comptées comme imprimées.",
    });
    await tabTo(page, page.getByRole("button", { name: "Retour au lot" }));
    await page.keyboard.press("Enter");
    await afterStep(page, "back to the batch", {
      focus: page.getByRole("heading", { level: 2, name: "Lot d'impression : 0 carte" }),
    });
  });
});

test("toasts: never over the focused control (even at 640×400), reached with F6, closed with Escape", async ({
  page,
}) => {
  // The page's clock is the test's: the sign-in toast (4 s, spec §9) lives until the test is done with it, however
  // slow the machine, and the app's own timers move only as far as each step needs (frames included).
  await page.clock.install();
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto(`/auth?redirect=${encodeURIComponent("/dashboard/student/demand")}`);
  await page.getByLabel("Nom d'utilisateur").fill("admin");
  await page.getByLabel("Mot de passe").fill("Admin@2026");
  // Paused a second ahead of the page's own time (never behind it), before the toast exists.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole("button", { name: "Se connecter" }).click();
  const region = page.getByRole("region", { name: "Notifications" });
  const toast = region.getByText("Connexion réussie");
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(toast).toBeVisible({ timeout: 100 });
  }).toPass();
  await expect(page).toHaveURL(/\/dashboard\/student\/demand$/);
  const settle = () => page.clock.runFor(200);
  // The pager's Next, at the bottom of the screen once scrolled to, where the toasts first sit.
  const next = page.getByRole("button", { name: "Suivant" });
  await expect(async () => {
    await settle();
    await expect(next).toBeVisible({ timeout: 100 });
  }).toPass();
  await tabTo(page, next, 120);
  await settle();
  await afterStep(page, "pager");
  await expect(toast).toBeVisible();
  const [a, b] = [await region.boundingBox(), await next.boundingBox()];
  expect(a && b, "both drawn").toBeTruthy();
  const overlap =
    a!.x < b!.x + b!.width && a!.x + a!.width > b!.x && a!.y < b!.y + b!.height && a!.y + a!.height > b!.y;
  expect(overlap, `toasts ${JSON.stringify(a)} over the focused Next ${JSON.stringify(b)}`).toBe(false);

  await page.keyboard.press("F6");
  await settle();
  await expect(region).toBeFocused();
  await page.keyboard.press("Tab");
  await settle();
  await afterStep(page, "the toast", { focus: region.locator("[data-toast-key]").first() });
  await page.keyboard.press("Escape");
  await expect(async () => {
    await settle();
    await expect(toast).toBeHidden({ timeout: 100 });
  }).toPass();
  await expectFocusOnElement(page, "after the toast closed");
});
