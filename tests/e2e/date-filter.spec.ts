import { expect, type Locator } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/** The `date-filter` extension (docs/extensions.md) on the demo build, whose backend declares and implements it. */

const TITLE = "Étudiants — demandes";

/** The "Date" cells of the rows on display, as instants (dd/mm/yyyy - HH:MM, Douala time). */
const rowTimes = async (table: Locator): Promise<number[]> => {
  const texts = await table.getByRole("row").locator("td:last-child").allTextContents();
  return texts.map((text) => {
    const [, d, m, y, h, min] = /(\d{2})\/(\d{2})\/(\d{4}) - (\d{2}):(\d{2})/.exec(text) ?? [];
    return Date.UTC(Number(y), Number(m) - 1, Number(d), Number(h) - 1, Number(min));
  });
};

/** Today in Douala as the list writes dates (dd/mm/yyyy). */
const doualaToday = (): string => {
  const [y, m, d] = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
};

/** Runs `action` and waits until the list shows another first row (the new answer is on display). */
const firstRowChanges = async (table: Locator, action: () => Promise<unknown>) => {
  const before = await table.getByRole("row").nth(1).textContent();
  await action();
  await expect(table.getByRole("row").nth(1)).not.toHaveText(before ?? "");
};

test("an agent sorts the pending demands oldest first, then keeps today's; the URL carries it", async ({ page }) => {
  await signIn(page, "/dashboard/student/demand");
  const table = page.getByRole("table", { name: TITLE });
  await expect(table.getByRole("row").nth(1)).toContainText(/DMSTUD\d{6}/);
  const newestFirst = await rowTimes(table);

  await firstRowChanges(table, () =>
    page.getByRole("combobox", { name: "Ordre" }).selectOption({ label: "Plus anciennes d’abord" }),
  );
  await expect(page).toHaveURL(/[?&]order=oldest/);
  const oldestFirst = await rowTimes(table);
  expect(oldestFirst).toEqual([...oldestFirst].sort((a, b) => a - b));
  expect(oldestFirst[0]).toBeLessThan(Math.min(...newestFirst));

  await page.getByRole("combobox", { name: "Reçue" }).selectOption({ label: "Aujourd’hui" });
  await expect(page).toHaveURL(/[?&]received=today/);
  // The demo's seed may or may not hold a demand received today: either every row is today's, or the list says none.
  await expect(table.getByRole("row").nth(1)).toContainText(
    new RegExp(`${doualaToday().replace(/\//g, "\\/")}|Aucune demande trouvée`),
  );
  const dated = table
    .getByRole("row")
    .locator("td:last-child")
    .filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ });
  await expect(dated.filter({ hasNotText: doualaToday() })).toHaveCount(0);

  // A shared or reloaded link shows the same list.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Reçue" })).toHaveValue("today");
  await expect(page.getByRole("combobox", { name: "Ordre" })).toHaveValue("oldest");
});
