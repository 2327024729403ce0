import { expect, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/**
 * The `lifecycle` extension (docs/extensions.md) on the demo build, whose backend declares and implements it, in
 * French: a card reported lost turns its check page red with the reason, a replacement is issued for a fee, the new
 * card is valid and the old one replaced, and the timeline tells it all. Then the clock moves past the academic year.
 */

const LIST = "/dashboard/student/card";

/** Opens the first active card of the student list; answers its detail URL. */
const openActiveCard = async (page: Page): Promise<string> => {
  await signIn(page, LIST);
  const row = page
    .getByRole("row")
    .filter({ hasText: /Active/ })
    .first();
  await row.getByRole("link", { name: /PCSTUD\d+/ }).click();
  await expect(page.getByRole("heading", { name: "Cycle de vie" })).toBeVisible();
  return page.url();
};

const lifePanel = (page: Page) => page.getByTestId("card-life");
const checkLink = (page: Page) => page.getByRole("link", { name: "Ouvrir la page publique de vérification (démo)" });

test("lost, checked red with the reason, replaced for a fee: the new card valid, the old one replaced, all on the timeline", async ({
  page,
}) => {
  const detail = await openActiveCard(page);
  await expect(lifePanel(page)).toContainText("Active");
  await expect(lifePanel(page)).toContainText(/Valide jusqu'au \d{2}\/\d{2}\/\d{4}/);

  await page.getByRole("button", { name: "Suspendre" }).click();
  const suspend = page.getByRole("dialog", { name: "Suspendre la carte" });
  await suspend.getByRole("combobox", { name: "Motif" }).selectOption({ label: "Perdue" });
  await suspend.getByRole("textbox", { name: "Note" }).fill("Perdue au restaurant universitaire");
  await suspend.getByRole("button", { name: "Suspendre la carte" }).click();
  await expect(lifePanel(page)).toContainText("Suspendue");
  await expect(lifePanel(page)).toContainText("Perdue");

  const oldCheck = (await checkLink(page).getAttribute("href")) ?? "";
  expect(oldCheck).toMatch(/^\/check\/student\/card\//);
  await page.goto(oldCheck);
  const verdict = page.getByTestId("check-verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "invalid");
  await expect(page.getByTestId("check-life")).toHaveText(
    /^Carte signalée perdue le \d{2}\/\d{2}\/\d{4} — ne l'acceptez pas$/,
  );

  await page.goto(detail);
  await page.getByRole("button", { name: "Remplacer (duplicata)" }).click();
  const replace = page.getByRole("dialog", { name: "Émettre une carte de remplacement" });
  // The office's standard fee (config.json) is filled in; "5 000", as people write it, is accepted.
  const fee = replace.getByRole("textbox", { name: "Frais payés (FCFA)" });
  await expect(fee).toHaveValue("5\u202f000");
  await fee.fill("5 000");
  await replace.getByRole("textbox", { name: /Référence du paiement/ }).fill("MP261126.0001");
  await replace.getByRole("button", { name: "Émettre la carte de remplacement" }).click();
  await expect(lifePanel(page)).toContainText("Remplacée");
  for (const name of ["Suspendre", "Réactiver", "Remplacer (duplicata)"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);

  const timeline = page.getByTestId("card-timeline");
  await expect(timeline).toContainText("Demande reçue");
  await expect(timeline).toContainText("Carte suspendue (perdue) par");
  await expect(timeline).toContainText("Remplacée par une nouvelle carte");
  await expect(timeline).toContainText("frais 5\u202f000 FCFA, réf. MP261126.0001");

  await page.goto(oldCheck);
  await expect(page.getByTestId("check-life")).toContainText("Remplacée par une carte plus récente le");

  await page.goto(detail);
  await page.getByRole("link", { name: "Voir la carte qui la remplace" }).click();
  await expect(lifePanel(page)).toContainText("Active");
  // The first replacement is the first duplicate (docs/assumptions.md).
  await expect(lifePanel(page)).toContainText("DUPLICATA n°1");
  await expect(page.getByTestId("card-timeline")).toContainText("Émise en remplacement d'une carte");
  const newCheck = (await checkLink(page).getAttribute("href")) ?? "";
  expect(newCheck).not.toBe(oldCheck);
  await page.goto(newCheck);
  await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("check-life")).toHaveText(/^Valide jusqu'au \d{2}\/\d{2}\/\d{4}$/);
});

test("the clock past the end of the academic year: the check page says the card expired", async ({ page }) => {
  await openActiveCard(page);
  const until = /Valide jusqu'au (\d{2})\/(\d{2})\/(\d{4})/.exec((await lifePanel(page).textContent()) ?? "");
  if (!until) throw new Error("no validity end");
  const href = (await checkLink(page).getAttribute("href")) ?? "";
  const [, d, m, y] = until;
  // The day after the last valid day, at noon in Douala.
  await page.clock.setFixedTime(new Date(Date.parse(`${y}-${m}-${d}T12:00:00+01:00`) + 86_400_000));
  await page.goto(href);
  await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "invalid");
  await expect(page.getByTestId("check-life")).toHaveText(`Expirée le ${d}/${m}/${y}`);
});

test("a year's expired cards renewed in bulk with a report, then the administrator reads the agents' activity", async ({
  page,
}) => {
  // A day of the first term: the demo's cards of the year before (2025/2026) have expired, the backend's clock with it.
  await page.clock.setFixedTime(new Date("2026-11-27T12:00:00+01:00"));
  await signIn(page, "/dashboard");
  const menu = page.getByRole("navigation", { name: "Navigation principale" });
  await menu.getByRole("link", { name: "Renouvellement groupé" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Étudiants — renouvellement groupé" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Année académique de fin de validité" })).toHaveValue("2025/2026");
  const found = page.getByText(/^\d+ cartes? expirées? en 2025\/2026/);
  await expect(found).toBeVisible();
  const count = Number(/^(\d+)/.exec((await found.textContent()) ?? "")?.[1]);
  expect(count).toBeGreaterThan(1);

  // One holder left out; the others renewed in one step.
  const first = page.getByRole("checkbox", { name: /^Renouveler la carte / }).first();
  const leftOut = ((await first.getAttribute("aria-label")) ?? "").replace("Renouveler la carte ", "");
  await first.uncheck();
  await page.getByRole("button", { name: `Renouveler ${count - 1} cartes` }).click();
  // What will happen is said before anything is sent: one pending demand per card.
  const confirm = page.getByRole("alertdialog", { name: `Renouveler ${count - 1} cartes\u202f?` });
  await expect(confirm).toHaveAccessibleDescription(
    `${count - 1} demandes de renouvellement seront créées, une par titulaire des cartes expirées en 2025/2026, en attente de validation. Elles se valident ensuite depuis la liste des demandes.`,
  );
  await confirm.getByRole("button", { name: `Créer ${count - 1} demandes` }).click();
  await expect(page.getByRole("heading", { name: "Rapport" })).toBeFocused();
  await expect(page.getByText(`Renouvelées : ${count - 1}, refusées : 0.`)).toBeVisible();
  const renewed = page.getByRole("region", { name: "Renouvelées" }).getByRole("listitem");
  await expect(renewed).toHaveCount(count - 1);
  await expect(renewed.first()).toContainText(/→ demande DMSTUD\d+/);
  await expect(page.getByRole("region", { name: "Renouvelées" })).not.toContainText(leftOut);
  const report = page.waitForEvent("download");
  await page.getByRole("button", { name: "Télécharger le rapport (CSV pour Excel)" }).click();
  expect((await report).suggestedFilename()).toBe("renouvellements-etudiants-2026-11-27.csv");

  // Again on the same cards: the ones renewed are refused, the backend's reason said in French.
  await page.getByRole("button", { name: "Nouveau renouvellement" }).click();
  await page.getByRole("button", { name: `Renouveler ${count} cartes` }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: `Créer ${count} demandes` })
    .click();
  await expect(page.getByText(`Renouvelées : 1, refusées : ${count - 1}.`)).toBeVisible();
  const refused = page.getByRole("region", { name: "Refusées" });
  await expect(refused.getByRole("listitem").first()).toContainText(": Carte déjà renouvelée");
  await expect(refused).not.toContainText("This card has already been renewed.");

  await menu.getByRole("link", { name: "Activité des agents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activité des agents" })).toBeVisible();
  await page.getByLabel("Du").fill("2026-06-01");
  const totals = page.getByRole("table", { name: "Total par agent" });
  await expect(totals.getByRole("row").nth(1)).toBeVisible();
  await expect(totals.getByRole("columnheader")).toHaveText([
    "Agent",
    "Validées",
    "Refusées",
    "Corrections demandées",
    "Renouvelées",
    "Imprimées",
    "Suspendues",
    "Réactivées",
    "Remplacées",
  ]);
  // The renewals are counted beside the validations, for the administrator who made them (Aïcha).
  const adminRow = totals.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Aïcha" }) });
  // Renewed: the count less one of the first run, then the one left out of it.
  await expect(adminRow.getByRole("cell").nth(3)).toHaveText(new RegExp(`(^|\\D)${count}$`));
  const activity = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter (CSV pour Excel)" }).click();
  expect((await activity).suggestedFilename()).toBe("activite-agents-2026-06-01-2026-11-27.csv");
});
