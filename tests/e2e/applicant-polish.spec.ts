import { expect } from "@playwright/test";
import { test } from "./support/takeover";
import { openStaffDraft, staffReviewSnapshot } from "./support/wizard";

/**
 * The applicant on a small phone (360 × 640, touch): "Suivre ma demande" from the landing page, limits said
 * before typing, and the "sent" toast staying on the result page.
 */
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const ALL_ACCEPTED = { read: true, accept: true, termsOfUse: true };

test("the landing page offers 'Suivre ma demande' as a button, in its HTML before any script", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await page.goto("/");
  const track = page.getByRole("link", { name: "Suivre ma demande" }).first();
  await expect(track).toBeVisible();
  await expect(track).toHaveAttribute("href", "/track");
  const box = await track.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await context.close();
});

test("the 'sent' toast stays on the result page: it is gone on /track", async ({ page }) => {
  await openStaffDraft(page, staffReviewSnapshot("PH1234", ALL_ACCEPTED));
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page.getByText("Demande envoyée avec succès !")).toBeVisible();
  await page.getByRole("link", { name: "Suivre ma demande" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Suivre ma demande" })).toBeVisible();
  await expect(page.getByText("Demande envoyée avec succès !")).toHaveCount(0);
});

test("the emergency contact's limit is said before typing, and the length typed near it", async ({ page }) => {
  await openStaffDraft(page, { ...staffReviewSnapshot("PH1235"), step: 2, reached: 3 });
  const name = page.getByRole("textbox", { name: "Nom de la personne à contacter" });
  await name.fill("");
  await expect(name).toHaveAccessibleDescription("15 caractères max.");
  await name.fill("Marie-Claire Mbarga");
  await expect(name).toHaveAccessibleDescription("19 caractères sur 15. 4 de trop.");
});

test("a half-filled request survives closing the tab: offered back in a new one, without being shown", async ({
  context,
  page,
}) => {
  await page.goto("/registration/staff");
  await page.getByRole("textbox", { name: "Matricule" }).fill("22W1236");
  await page.close();

  const again = await context.newPage();
  await again.goto("/registration/staff");
  await expect(again.getByRole("heading", { level: 2 })).toHaveText("Une demande a été commencée sur cet appareil");
  await expect(again.getByText("22W1236")).toHaveCount(0);
  await again.getByRole("button", { name: /^Reprendre la demande commencée le .* pour le matricule 22W…$/ }).click();
  await expect(again.getByRole("textbox", { name: "Matricule" })).toHaveValue("22W1236");
});

test("at 360 × 640 the header and the step indicator leave at least two fields in view", async ({ page }) => {
  for (const kind of ["student", "staff", "teacher"]) {
    await page.goto(`/registration/${kind}`);
    await expect(page.locator("#wizard-step-title")).toBeVisible();
    const inView = await page
      .locator("form")
      .locator("input:not([type=hidden]), select, textarea")
      .evaluateAll(
        (controls) =>
          controls.filter((control) => {
            const box = control.getBoundingClientRect();
            return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
          }).length,
      );
    expect(inView, kind).toBeGreaterThanOrEqual(2);
  }
});
