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
  await replace.getByRole("textbox", { name: "Frais payés (FCFA)" }).fill("5000");
  await replace.getByRole("textbox", { name: /Référence du paiement/ }).fill("MP261126.0001");
  await replace.getByRole("button", { name: "Émettre la carte de remplacement" }).click();
  await expect(lifePanel(page)).toContainText("Remplacée");
  for (const name of ["Suspendre", "Réactiver", "Remplacer (duplicata)"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);

  const timeline = page.getByTestId("card-timeline");
  await expect(timeline).toContainText("Demande reçue");
  await expect(timeline).toContainText("Carte suspendue (perdue) par");
  await expect(timeline).toContainText("Remplacée par une nouvelle carte");
  await expect(timeline).toContainText("frais 5000 FCFA, réf. MP261126.0001");

  await page.goto(oldCheck);
  await expect(page.getByTestId("check-life")).toContainText("Remplacée par une carte plus récente le");

  await page.goto(detail);
  await page.getByRole("link", { name: "Voir la carte qui la remplace" }).click();
  await expect(lifePanel(page)).toContainText("Active");
  await expect(lifePanel(page)).toContainText("DUPLICATA n°2");
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
