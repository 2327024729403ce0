import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/** Print day on the demo build (French UI): sheets that outlast a reload, and the batch table at 1280 px. */

/** The keys of the sheets kept in this browser's IndexedDB. */
const storedSheetKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open("campus-card");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("print-sheets")) return resolve([]);
          const keys = db.transaction("print-sheets").objectStore("print-sheets").getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
        open.onerror = () => resolve([]);
      }),
  );

const addFirstActiveCards = async (page: Page, count: number) => {
  const table = page.getByRole("table", { name: "Étudiants — cartes" });
  await expect(table.getByRole("row")).toHaveCount(11);
  const boxes = table.getByRole("checkbox", { name: /^Sélectionner la carte / }).and(page.locator(":enabled"));
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await page.getByRole("button", { name: /^Ajouter la sélection au lot/ }).click();
  await expect(page.getByText(/cartes? ajoutées? au lot d'impression/).first()).toBeVisible();
};

test("composed sheets outlast a reload; Back to the batch asks first; signing out forgets them", async ({ page }) => {
  test.slow();
  await signIn(page, "/dashboard/student/card");
  await addFirstActiveCards(page, 2);
  await page.goto("/dashboard/student/print");
  await page.getByRole("button", { name: "Composer les planches (2 cartes)" }).click();
  const ready = page.getByRole("region", { name: "Planches prêtes" });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => storedSheetKeys(page)).toEqual(["admin/student"]);

  await page.reload();
  await expect(ready).toBeVisible();
  await expect(ready.getByRole("link", { name: "Télécharger les planches (PDF)" })).toBeVisible();

  await ready.getByRole("button", { name: "Retour au lot" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Jeter les planches composées ?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    "Les planches de 2 cartes seront effacées de ce navigateur. Les cartes restent dans le lot : vous pourrez composer de nouvelles planches.",
  );
  expect(await axeViolations(page, "throw away the sheets?")).toEqual([]);
  await dialog.getByRole("button", { name: "Garder les planches" }).click();
  await expect(dialog).toBeHidden();
  await expect(ready).toBeVisible();

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => storedSheetKeys(page)).toEqual([]);
  await signIn(page, "/dashboard/student/print");
  await expect(page.getByRole("heading", { level: 2, name: /^Lot d'impression/ })).toBeVisible();
  await expect(ready).toBeHidden();
});

test("Back to the batch, confirmed, throws the sheets away", async ({ page }) => {
  test.slow();
  await signIn(page, "/dashboard/student/card");
  await addFirstActiveCards(page, 1);
  await page.goto("/dashboard/student/print");
  await page.getByRole("button", { name: "Composer les planches (1 carte)" }).click();
  const ready = page.getByRole("region", { name: "Planches prêtes" });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await ready.getByRole("button", { name: "Retour au lot" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Jeter les planches" }).click();
  await expect(ready).toBeHidden();
  await expect(page.getByRole("button", { name: "Composer les planches (1 carte)" })).toBeVisible();
  await expect.poll(() => storedSheetKeys(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole("button", { name: "Composer les planches (1 carte)" })).toBeVisible();
  await expect(ready).toBeHidden();
});

test("the batch table fits a 1280 px screen: no sideways scrolling, in French and English", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "/dashboard/student/card");
  // A batch with the longest names a card carries.
  await page.evaluate(() => {
    const cards = Array.from({ length: 6 }, (_, i) => ({
      id: `long${i}`,
      code: `PCSTUD${String(900000 + i)}`,
      register: `21T${1000 + i}`,
      name: `NGUEMA-MBARGA ABESSOLO ONDOUA Marie-Françoise Éléonore Bernadette ${i}`,
      group: 1,
      printCount: i,
    }));
    localStorage.setItem("campus-card.print-batch.admin.student", JSON.stringify({ version: 1, cards }));
  });
  for (const [lang, name] of [
    ["fr", "Cartes du lot"],
    ["en", "Cards of the batch"],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem("i18nextLng", lang), lang);
    await page.goto("/dashboard/student/print");
    const table = page.getByRole("table", { name });
    await expect(table.getByRole("row")).toHaveCount(7);
    const sizes = await table.evaluate((element) => {
      const box = element.parentElement!;
      return {
        box: [box.scrollWidth, box.clientWidth],
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      };
    });
    expect(sizes.box[0], `${lang}: the table's box scrolls sideways`).toBeLessThanOrEqual(sizes.box[1]!);
    expect(sizes.page[0], `${lang}: the page scrolls sideways`).toBeLessThanOrEqual(sizes.page[1]!);
    await page.screenshot({ path: test.info().outputPath(`batch-1280-${lang}.png`), fullPage: true });
  }
});
