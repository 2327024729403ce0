import { expect } from "@playwright/test";
import { focusLooksDifferent, invisibleFocusStops } from "./support/focus";
import { samplePng } from "./support/sample-png";
import { signIn } from "./support/sign-in";
import { test } from "./support/takeover";
import { staffReviewSnapshot } from "./support/wizard";

/**
 * Keyboard and screen reader (issue 33) on the demo build, French UI: every keyboard stop shows its focus (pixels
 * of the element focused and unfocused differ), including the custom widgets.
 */

test.describe("focus is visible", () => {
  test("the photo crop frame looks different focused and unfocused", async ({ page }) => {
    await page.goto("/registration");
    await page.evaluate((snapshot) => sessionStorage.setItem("campus-card.registration.staff", JSON.stringify(snapshot)), { ...staffReviewSnapshot("QA0001"), step: 1 });
    await page.goto("/registration/staff");
    await page.getByRole("button", { name: /photo/ }).first().focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /photo/i });
    await dialog.locator("input[type=file]").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: samplePng() });
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

  test("every keyboard stop of the login page, the wizard's first step and a demand list shows its focus", async ({ page }) => {
    await page.goto("/auth");
    expect(await invisibleFocusStops(page, 30)).toEqual([]);
    await page.goto("/registration/student");
    expect(await invisibleFocusStops(page, 40)).toEqual([]);
    await signIn(page, "/dashboard/student/demand");
    await expect(page.getByRole("table")).toBeVisible();
    expect(await invisibleFocusStops(page, 60)).toEqual([]);
  });
});
