import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeQrVideo } from "./support/qr-video";
import { launchWithFakeCamera } from "./support/fake-camera";
import { waitForApp } from "./support/takeover";
import { hasPhoto, signedUrlOf, studentCards, type DemoCard } from "./support/verify";

/**
 * The guard's screen on a phone (/verify, as pretixSCAN does it): the verdict covers the screen whole over the camera,
 * nothing of it cut at 360 and 390 px with the holder's photo, and the viewfinder comes back after 4 s or a tap;
 * "move the card closer" after 3 s without a read. Time is Playwright's clock, moved by the test.
 */
const dir = mkdtempSync(join(tmpdir(), "verify-screen-"));
const video = join(dir, "card-qr.y4m");
const shots = process.env.VERIFY_SCREENSHOTS;

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const next = (page: Page) => page.getByRole("button", { name: "Touchez l'écran pour scanner la carte suivante" });
const preview = (page: Page) => page.locator('video[aria-label="Aperçu de la caméra"]');

/** Whether a tap at the middle of the camera's preview reaches the preview (nothing covers it). */
const viewfinderShown = (page: Page) =>
  preview(page).evaluate((video) => {
    const box = video.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return box.bottom <= innerHeight && hit !== null && video.parentElement!.contains(hit);
  });

/** The verdict's elements whose text is wider than their box or runs past the screen's right edge. */
const cutOff = (page: Page) =>
  page
    .locator("[data-verdict]")
    .evaluate((verdict) =>
      [verdict, ...verdict.querySelectorAll("*")]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth + 0.5)
        .map((el) => `${el.tagName} ${(el.textContent ?? "").slice(0, 40)}`),
    );

/** Moves the page's clock in small steps until `done` holds: timers, the decoder's frames and the demo's answers. */
const runUntil = async (page: Page, done: () => Promise<boolean>) => {
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return done();
    })
    .toBe(true);
};

test("over the camera the verdict covers the screen whole at 390 and 360 px, photo included, and the viewfinder comes back after 4 s or a tap", async () => {
  test.setTimeout(120_000);
  const browser = await launchWithFakeCamera(video);
  try {
    // Less motion: the verdict's entrance is a flash of its colour, not a pop that scales it past the edges a moment.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      permissions: ["camera"],
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/verify");
    await waitForApp(page);
    await expect(page.getByText(/Liste des cartes suspendues du \d\d\/\d\d/)).toBeVisible();
    // Of the valid cards with a photo, the one whose holder's name is the longest: the hardest to fit.
    const nameOf = (c: DemoCard) => `${c.firstname ?? ""} ${c.lastname ?? ""}`;
    const byName = (await studentCards(page))
      .filter((c) => c.valid)
      .sort((a, b) => nameOf(b).length - nameOf(a).length);
    let card: DemoCard | undefined;
    let signedUrl: string | null = null;
    for (const candidate of byName) {
      signedUrl = await signedUrlOf(page, candidate.id);
      expect(signedUrl).toMatch(/#s1\./);
      if (await hasPhoto(page, signedUrl!)) {
        card = candidate;
        break;
      }
    }
    expect(card).toBeDefined();
    writeQrVideo(video, signedUrl!);

    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByRole("button", { name: "Ouvrir la caméra" }).click();
    const verdict = page.locator("[data-verdict]");
    const photo = verdict.getByRole("img", { name: /^Photo de / });
    await runUntil(page, async () => (await photo.count()) > 0 && (await next(page).isVisible()));
    await expect(verdict).toHaveAttribute("data-verdict", "valid");
    await expect(page.getByRole("dialog", { name: "Carte authentique et valide" })).toContainText(card!.code);
    await expect(next(page)).toBeFocused();
    expect(await viewfinderShown(page)).toBe(false);

    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 740 });
      await expect(photo).toBeVisible();
      if (shots) await page.screenshot({ path: join(shots, `verify-verdict-${width}.png`), animations: "disabled" });
      expect(await cutOff(page), `${width} px`).toEqual([]);
    }

    // 4 s later, with the card still in the frame: the viewfinder, and no second verdict for the same card.
    await page.clock.runFor(3800);
    await expect(next(page)).toBeVisible();
    await page.clock.runFor(300);
    await expect(verdict).toHaveCount(0);
    expect(await viewfinderShown(page)).toBe(true);
    await page.clock.runFor(1500);
    await expect(verdict).toHaveCount(0);

    // The camera closed for a moment, the card shown again: a new verdict, tapped away at once.
    await page.getByRole("button", { name: "Fermer la caméra" }).click();
    await page.clock.runFor(2500);
    await page.getByRole("button", { name: "Ouvrir la caméra" }).click();
    await runUntil(page, () => next(page).isVisible());
    await verdict.click({ position: { x: 20, y: 20 } });
    await expect(verdict).toHaveCount(0);
    expect(await viewfinderShown(page)).toBe(true);
    if (shots) await page.screenshot({ path: join(shots, "verify-viewfinder-360.png") });
  } finally {
    await browser.close();
  }
});

test("3 s without a read, the guard is told to move the card closer", async () => {
  // Chromium's own fake camera: a moving pattern, no QR code in it.
  const browser = await launchWithFakeCamera();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: ["camera"] });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/verify");
    await waitForApp(page);
    // The page drawn before the clock stops: its start runs on timers too.
    await expect(page.getByRole("button", { name: "Ouvrir la caméra" })).toBeVisible();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByRole("button", { name: "Ouvrir la caméra" }).click();
    await expect(page.getByText("Placez le QR code dans le cadre.")).toBeVisible();
    await page.clock.runFor(2900);
    await expect(page.getByText("Placez le QR code dans le cadre.")).toBeVisible();
    await page.clock.runFor(200);
    await expect(page.getByRole("status").filter({ hasText: "Approchez la carte" })).toBeVisible();
  } finally {
    await browser.close();
  }
});
