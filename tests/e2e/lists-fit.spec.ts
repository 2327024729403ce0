import { expect, type Locator, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/** The back office's lists on an agent's 1280 × 800 screen and on a 390 px phone (demo build, French then English). */

/** The table's scrolling box and the page, each as [scrollWidth, clientWidth]. */
const widths = (table: Locator) =>
  table.evaluate((element) => {
    const box = element.parentElement!;
    return {
      box: [box.scrollWidth, box.clientWidth],
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    };
  });

const inLanguage = async (page: Page, lang: "fr" | "en", path: string) => {
  await page.evaluate((lang) => localStorage.setItem("i18nextLng", lang), lang);
  await page.goto(path);
};

test("the card list fits a 1280 px screen: no sideways scrolling, in French and English", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "/dashboard/student/card");
  for (const [lang, name] of [
    ["fr", "Étudiants — cartes"],
    ["en", "Students — cards"],
  ] as const) {
    await inLanguage(page, lang, "/dashboard/student/card");
    const table = page.getByRole("table", { name });
    await expect(table.getByRole("row")).toHaveCount(11);
    const sizes = await widths(table);
    await page.screenshot({ path: test.info().outputPath(`cards-1280-${lang}.png`), fullPage: true });
    expect(sizes.box[0], `${lang}: the table's box scrolls sideways`).toBeLessThanOrEqual(sizes.box[1]!);
    expect(sizes.page[0], `${lang}: the page scrolls sideways`).toBeLessThanOrEqual(sizes.page[1]!);
    // Each filter shows its whole choice ("Tous les états"), not a cut one: the chosen option's text, in the
    // select's font, fits inside its padding.
    const cut = await page.locator("main select").evaluateAll((selects) =>
      (selects as HTMLSelectElement[]).flatMap((select) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.selectedOptions[0]?.textContent ?? "";
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(text).width > room ? [text] : [];
      }),
    );
    expect(cut, `${lang}: filters whose choice is cut`).toEqual([]);
  }
});

test("the demand list fits 1280 px; on a 390 px phone a table that scrolls is a named keyboard stop", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "/dashboard/student/demand");
  for (const [lang, name] of [
    ["fr", "Étudiants — demandes"],
    ["en", "Students — requests"],
  ] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await inLanguage(page, lang, "/dashboard/student/demand");
      const table = page.getByRole("table", { name });
      await expect(table.getByRole("link", { name: /^DMSTUD/ })).toHaveCount(10);
      const sizes = await widths(table);
      await page.screenshot({ path: test.info().outputPath(`demands-${width}-${lang}.png`), fullPage: true });
      expect(sizes.page[0], `${lang} ${width}: the page scrolls sideways`).toBeLessThanOrEqual(sizes.page[1]!);
      if (width === 1280) {
        expect(sizes.box[0], `${lang}: the table's box scrolls sideways`).toBeLessThanOrEqual(sizes.box[1]!);
      } else if (sizes.box[0]! > sizes.box[1]!) {
        // Scrolling sideways on a phone is allowed when the keyboard reaches it and it says what it holds.
        const box = table.locator("xpath=..");
        await expect(box).toHaveAttribute("tabindex", "0");
        await expect(box).toHaveAccessibleName(name);
      }
    }
  }
});
