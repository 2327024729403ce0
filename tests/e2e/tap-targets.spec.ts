import { expect, type Page } from "@playwright/test";
import { test } from "./support/takeover";
import { smallTargets } from "./support/tap-targets";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";

/**
 * Every tap target of the public pages is at least 44 × 44 px on a 360 px phone (WCAG 2.5.5): what a finger hits is
 * the control, or the label that toggles it (a checkbox or radio inside or named by its <label>). A link inside a
 * sentence is the one exception WCAG makes (its size is the text's); a visually hidden control (the skip link
 * until focused) is not on screen to tap.
 */
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const expectTapTargets = async (page: Page, where: string) => {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(await smallTargets(page), where).toEqual([]);
};

const ALL_ACCEPTED = { read: true, accept: true, termsOfUse: true };

test("landing, portal, terms and /track: every tap target is at least 44 × 44 px", async ({ page }) => {
  for (const path of ["/", "/registration", "/terms/student", "/track"]) {
    await page.goto(path);
    await expectTapTargets(page, path);
  }
});

test("each step of a wizard, and the receipt: every tap target is at least 44 × 44 px", async ({ page }) => {
  await page.goto("/registration/student");
  await expectTapTargets(page, "student wizard, first step");
  for (const step of [0, 1, 2, 3]) {
    await openStaffDraft(page, { ...staffReviewSnapshot("TT1234", ALL_ACCEPTED), step, reached: 3 });
    await expectTapTargets(page, `staff wizard, step ${step + 1}`);
  }
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText("Demande envoyée avec succès !")).toBeVisible();
  await expectTapTargets(page, "receipt");
});
