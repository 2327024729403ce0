import { expect } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";

/** Back office on the demo build (French UI): lists (search, filter and page in the URL, keyboard paging, phone layout), the agent's queue, an unknown kind, document titles. */

test.describe("back office (demo mode)", () => {
  test("list search, filter and page live in the URL and survive a reload and Back", async ({ page }) => {
    await signIn(page, "/dashboard/student/demand");
    const table = page.getByRole("table", { name: "Étudiants — demandes" });
    await expect(page.getByText("1 sur 6")).toBeVisible();
    // The total (DRF's count) and where this page sits in it.
    await expect(page.getByText("1–10 sur 60")).toBeVisible();

    await page.getByRole("combobox", { name: "Statut" }).selectOption({ label: "Toutes les demandes" });
    await expect(page).toHaveURL(/filter=all/);
    await expect(page.getByText("1 sur 9")).toBeVisible();

    const firstPageFirst = (await table.getByRole("link").first().textContent())?.trim() ?? "";
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("2 sur 9")).toBeVisible();
    await expect(page.getByText("11–20 sur 90")).toBeVisible();
    await expect(table.getByRole("link").first()).not.toHaveText(firstPageFirst);
    const secondPageFirst = (await table.getByRole("link").first().textContent())?.trim() ?? "";

    await page.reload();
    await expect(page.getByText("2 sur 9")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Statut" }).locator("option:checked")).toHaveText(
      "Toutes les demandes",
    );
    await expect(table.getByRole("link").first()).toHaveText(secondPageFirst);

    await page.goBack();
    await expect(page.getByText("1 sur 9")).toBeVisible();
    await page.goForward();
    await expect(page.getByText("2 sur 9")).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Rechercher par nom, matricule ou code de demande" });
    await search.fill("DMSTUD00001");
    await expect(page).toHaveURL(/search=DMSTUD00001/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(table.getByRole("row")).toHaveCount(11);
    await page.reload();
    await expect(search).toHaveValue("DMSTUD00001");
    await expect(table.getByRole("row").nth(1)).toContainText("DMSTUD00001");

    await search.fill("ZZZZZZZ");
    await expect(table.getByText("Aucune demande trouvée")).toBeVisible();
  });

  test("a keyboard user pages through a list with Enter: focus stays on Next, page after page", async ({ page }) => {
    await signIn(page, "/dashboard/student/demand");
    await expect(page.getByText("1 sur 6")).toBeVisible();
    const next = page.getByRole("button", { name: "Suivant" });
    await next.focus();
    for (const [range, pageOf] of [
      ["11–20 sur 60", "2 sur 6"],
      ["21–30 sur 60", "3 sur 6"],
    ] as const) {
      await page.keyboard.press("Enter");
      await expect(page.getByText(range)).toBeVisible();
      await expect(page.getByText(pageOf)).toBeVisible();
      await expect(page.getByRole("table", { name: "Étudiants — demandes" })).not.toHaveAttribute("aria-busy", "true");
      await expect(next).toBeFocused();
    }
    await expect(page).toHaveURL(/page=3/);
    // The pages were pushed one by one: Back returns to page 2.
    await page.goBack();
    await expect(page.getByText("2 sur 6")).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
  });

  test("a button out of use turns grey at once, without a colour fade (Previous on the first page)", async ({
    page,
  }) => {
    await signIn(page, "/dashboard/student/demand");
    const previous = page.getByRole("button", { name: "Précédent" });
    await expect(previous).toHaveAttribute("data-disabled", "true");
    // A fade would repaint the page frame after frame while the agent waits (e.g. on "Validate and next").
    await expect(previous).toHaveCSS("transition-property", "none");
    await expect(page.getByRole("button", { name: "Suivant" })).not.toHaveCSS("transition-property", "none");
  });

  test("on a phone (390 px) lists are stacked cards: no sideways scroll, every value labelled, still a table to screen readers", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "/dashboard/student/demand");
    for (const [path, title] of [
      ["/dashboard/student/demand", "Étudiants — demandes"],
      ["/dashboard/staff/card", "Personnel — cartes"],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole("table", { name: title });
      await expect(table.getByRole("row")).toHaveCount(11);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
      const box = await table.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= widths.viewport).toBe(true);
      // One card per row: the code first, then labelled values, one under the other.
      const first = table.getByRole("row").nth(1);
      await expect(first.getByText("Statut", { exact: true })).toBeVisible();
      await expect(first.getByText("Nom", { exact: true })).toBeVisible();
      const code = await first.getByRole("link").boundingBox();
      const status = await first.getByText("Statut", { exact: true }).boundingBox();
      expect(code && status && status.y > code.y + code.height - 1).toBe(true);
      // Screen readers still hear a table with its column headers (the visible labels are hidden from them).
      await expect(table.getByRole("columnheader", { name: "Statut" })).toHaveCount(1);
      await expect(first.getByRole("cell", { name: /^(Validée|En attente|Active|Inactive)$/ })).toHaveCount(1);
    }
  });

  test("validate and next: three demands in a row without going back to the list, which then shows where the agent was", async ({
    page,
  }) => {
    // Staff demands: no photo question on the way.
    await signIn(page, "/dashboard/staff/demand");
    const table = page.getByRole("table", { name: "Personnel — demandes" });
    await expect(table.getByRole("row")).toHaveCount(11);
    const codes = (await table.getByRole("link").allTextContents()).map((code) => code.trim());
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page).toHaveURL(/page=2/);
    // Page 2's rows (page 1's stay on display while it loads, their links leading back to page 1).
    await expect(table.getByRole("link").first()).not.toHaveText(codes[0]!);
    await table.getByRole("link").first().click();
    // The page knows its list: Back to the list keeps page 2.
    await expect(page).toHaveURL(/\/validation\/[^?]+\?page=2$/);
    await expect(page.getByRole("link", { name: "Retour à la liste" }).first()).toHaveAttribute(
      "href",
      "/dashboard/staff/demand?page=2",
    );

    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const code = (await page.locator("[data-title-subject]").textContent())?.trim() ?? "";
      seen.push(code);
      await page.getByRole("button", { name: "Valider et ouvrir la suivante" }).click();
      await expect(page.locator("[data-title-subject]")).not.toHaveText(code);
      await expect(page.getByText("Demande validée avec succès.").first()).toBeVisible();
    }
    // The next demand is the newest pending one of the list (the top of page 1), each time a new one.
    expect(new Set(seen).size).toBe(3);
    const opened = (await page.locator("[data-title-subject]").textContent())?.trim() ?? "";
    expect(codes.slice(0, 4)).toContain(opened);
    await page.getByRole("link", { name: "Retour à la liste" }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/staff\/demand\?page=2$/);
    await page.goto("/dashboard/staff/demand?filter=validated");
    for (const code of seen) await expect(page.getByRole("table").getByRole("link", { name: code })).toBeVisible();
  });

  test("the agent's queue at 1280×800: three demands validated in a row without scrolling, the count left going down, each toast naming its demand", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, "/dashboard/staff/demand?filter=no_validated");
    await page.getByRole("table", { name: "Personnel — demandes" }).getByRole("link").first().click();
    await expect(page.locator("[data-title-subject]")).not.toBeEmpty();
    const next = page.getByRole("button", { name: "Valider et ouvrir la suivante" });
    const lefts: number[] = [];
    for (let i = 0; i < 3; i++) {
      // The action is on screen without a scroll, whatever the demand's length.
      await expect(next).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const code = (await page.locator("[data-title-subject]").textContent())?.trim() ?? "";
      const name =
        (await page.locator("[data-title-subject]").locator("xpath=../following-sibling::span[1]").textContent()) ?? "";
      await next.click();
      await expect(page.getByText(`${code} — ${name.trim()} validé(e)`)).toBeVisible();
      await expect(page.locator("[data-title-subject]")).not.toHaveText(code);
      const left = page.getByText(/^\d+ restantes?$/);
      await expect(left).toBeVisible();
      lefts.push(Number(/\d+/.exec((await left.textContent()) ?? "")?.[0]));
    }
    await expect(next).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(lefts[1]).toBe(lefts[0]! - 1);
    expect(lefts[2]).toBe(lefts[1]! - 1);
  });

  test("an unknown kind is not found", async ({ page }) => {
    await signIn(page, "/dashboard/student/demand");
    await page.goto("/dashboard/robots/demand");
    await expect(page.getByRole("heading", { name: "Oups ! Page introuvable" })).toBeVisible();
  });
});

test.describe("document titles (WCAG 2.4.2)", () => {
  test("every page is titled by its heading and subject, in the reader's language", async ({ page }) => {
    const expectTitle = (title: string | RegExp) => expect(page).toHaveTitle(title);
    await page.goto("/registration/staff");
    await expectTitle("Demande de carte du personnel — Étape 1 sur 4 : Informations professionnelles — Campus Card");
    await page.goto("/auth");
    await expectTitle("Connexion — Campus Card");
    await page.goto("/no/such/page");
    await expectTitle(/^[^—]+ — Campus Card$/);

    await signIn(page, "/dashboard/student/demand");
    await expectTitle("Étudiants — demandes — Campus Card");
    const code = (await page.getByRole("table").getByRole("link").first().textContent())?.trim() ?? "";
    await page.getByRole("table").getByRole("link").first().click();
    await expectTitle(`Validation de la demande — ${code} — Campus Card`);
    await page.goto("/dashboard/student/card");
    const cardCode = (await page.getByRole("table").getByRole("link").first().textContent())?.trim() ?? "";
    await page.getByRole("table").getByRole("link").first().click();
    await expectTitle(`Détails de la carte ${cardCode} — Campus Card`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Détails de la carte ${cardCode}`);

    await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
    await expectTitle(`Card details ${cardCode} — Campus Card`);
  });
});
