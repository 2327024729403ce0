import { expect } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { drawnCards } from "../fixtures/drawn-cards";
import { axeViolations } from "./support/axe";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/**
 * One duplicate on a pre-cut sheet already partly used (demo build, French UI): the replacement joins the batch
 * from its own page, the agent says the sheet's first free position is the 7th, and the sheets put it there.
 */

test("a replacement printed alone at position 7 of a pre-cut sheet: front and back in the 7th die", async ({
  page,
}) => {
  test.slow();
  await signIn(page, "/dashboard/student/card");
  await page
    .getByRole("row")
    .filter({ hasText: /Active/ })
    .first()
    .getByRole("link", { name: /PCSTUD\d+/ })
    .click();
  await page.getByRole("button", { name: "Remplacer (duplicata)" }).click();
  const replace = page.getByRole("dialog", { name: "Émettre une carte de remplacement" });
  await replace.getByRole("textbox", { name: /Référence du paiement/ }).fill("MP261128.0007");
  await replace.getByRole("button", { name: "Émettre la carte de remplacement" }).click();
  await page.getByRole("link", { name: "Voir la carte qui la remplace" }).click();
  await expect(page.getByTestId("card-life")).toContainText("DUPLICATA n°1");

  await page.getByRole("button", { name: "Ajouter au lot d'impression" }).click();
  await expect(page.getByText("Cette carte est dans votre lot d'impression.")).toBeVisible();
  await page.getByRole("link", { name: "Ouvrir le lot d'impression (1)" }).click();

  await expect(page.getByRole("combobox", { name: "Planche", exact: true })).toHaveValue("precut-2x5");
  await page.getByRole("combobox", { name: "Première position libre de la planche" }).selectOption("Position 7");
  const preview = page.getByRole("img", { name: /^Aperçu de la première planche/ });
  await expect(preview).toHaveAccessibleName(
    "Aperçu de la première planche\u00a0: les positions 1 à 6 sont déjà utilisées, 1 carte en position 7.",
  );
  await expect(preview.locator("[data-slot=used]")).toHaveCount(6);
  await expect(preview.locator("[data-slot=card]")).toHaveText(["7"]);
  expect(await axeViolations(page, "first free position")).toEqual([]);

  await page.getByRole("button", { name: "Composer les planches (1 carte)" }).click();
  const ready = page.getByRole("region", { name: "Planches prêtes" });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent("download");
  await ready.getByRole("link", { name: "Télécharger les planches (PDF)" }).click();
  const sheets = await PDFDocument.load(await readFile((await (await download).path()) ?? ""));
  expect(sheets.getPageCount(), "one sheet, its front then its back").toBe(2);
  // Avery C32011's 7th die: row 4, left column, 15 mm from the left, 13.5 + 3 × 54 = 175.5 mm from the top, 85 × 54.
  const [front, ...moreFronts] = drawnCards(sheets.getPage(0));
  expect(moreFronts).toEqual([]);
  expect(front!.x).toBeCloseTo(15, 1);
  expect(front!.y).toBeCloseTo(175.5, 1);
  expect(front!.width).toBeCloseTo(85, 1);
  expect(front!.height).toBeCloseTo(54, 1);
  // Turned over along the long edge, its back lies in the right column at the same height.
  const [back, ...moreBacks] = drawnCards(sheets.getPage(1));
  expect(moreBacks).toEqual([]);
  expect(back!.x).toBeCloseTo(210 - 15 - 85, 1);
  expect(back!.y).toBeCloseTo(175.5, 1);
});
