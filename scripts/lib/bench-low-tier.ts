/**
 * The applicant's and the guard's interactions in the benchmark (scripts/bench.ts), measured like the back office's
 * (scripts/lib/bench-interaction.ts): the main thread's CPU time at full speed, which the bench multiplies by the
 * low tier's slowdown (scripts/lib/bench-calibration.ts). The wizard's next step, opening and confirming the photo
 * crop (the bench's photo, then a 12-megapixel camera JPEG), and the offline checker's verdict for a pasted signed
 * check URL (docs/signed-qr.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer-core";
import { wizardStorageKey } from "../../src/machines/wizard-storage.ts";
import { samplePng } from "../../tests/e2e/support/sample-png.ts";
import { staffReviewSnapshot } from "../../tests/e2e/support/wizard.ts";
import { withPage } from "./bench-backoffice.ts";
import { cpuOfInteraction, noAnswer, withFloor, type Measure } from "./bench-interaction.ts";

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const ready = (page: Page) => page.waitForSelector("#root[data-app-ready]", { timeout: 120_000 });
const found = async (page: Page, selector: string): Promise<ElementHandle> => {
  const element = await page.waitForSelector(selector, { timeout: 60_000 });
  if (!element) throw new Error(`${selector} not found`);
  return element;
};

export const WIZARD_ACTIONS = {
  next: "wizard: next step (click)",
  openCrop: "photo: open the crop (click)",
  confirmCrop: "photo: confirm the crop (click)",
  openCamera: "photo: open the crop again, for a 12 MP camera JPEG (click)",
  confirmCamera: "photo: confirm the crop of a 12 MP camera JPEG (click)",
} as const;

/** A 4000 × 3000 JPEG as a phone's camera writes one, made by the browser (a gradient with some grain). */
const cameraJpeg = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2D context");
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, "#7a5230");
    gradient.addColorStop(1, "#d9c3a5");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 20_000; i++) {
      context.fillStyle = `hsl(${i % 360} 40% ${30 + (i % 50)}%)`;
      context.fillRect((i * 7919) % 4000, (i * 104729) % 3000, 6, 6);
    }
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });

/**
 * Per action, each run's CPU time in ms from the input to its answer painted: the staff wizard resumed from a filled
 * first step (a draft of this device), moved to the next step, then its photo dialog opened, a photo chosen (not
 * measured) and the crop confirmed; then the same with a 12-megapixel camera JPEG.
 */
export const wizardInteractions = (port: number, origin: string, runs: number): Promise<Record<string, Measure[]>> =>
  withPage(port, async (page) => {
    const timings: Record<string, Measure[]> = Object.fromEntries(Object.values(WIZARD_ACTIONS).map((a) => [a, []]));
    const dir = mkdtempSync(join(tmpdir(), "bench-photo-"));
    const photo = join(dir, "photo.png");
    writeFileSync(photo, samplePng());
    const camera = join(dir, "camera.jpg");
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    try {
      for (let run = 0; run < runs; run++) {
        await page.goto(`${origin}/registration/staff`, { waitUntil: "networkidle0", timeout: 120_000 });
        await page.evaluate(
          (key, draft) => localStorage.setItem(key, draft),
          wizardStorageKey("staff"),
          JSON.stringify({ ...staffReviewSnapshot(`BENCH${run}`), step: 0, reached: 0 }),
        );
        await page.reload({ waitUntil: "networkidle0", timeout: 120_000 });
        await ready(page);
        if (run === 0) writeFileSync(camera, Buffer.from(await cameraJpeg(page), "base64"));
        await (await found(page, "button::-p-text(Reprendre la demande)")).click();
        timings[WIZARD_ACTIONS.next]?.push(
          await cpuOfInteraction(
            page,
            { selector: "#wizard-step-title", until: "changed" },
            { click: button("Suivant") },
          ),
        );

        const crop = async (opener: string, file: string, open: string, confirm: string) => {
          timings[open]?.push(
            await cpuOfInteraction(page, { selector: '[role="dialog"]', until: "present" }, { click: button(opener) }),
          );
          const input = (await found(page, '[role="dialog"] input[type="file"]')) as ElementHandle<HTMLInputElement>;
          await input.uploadFile(file);
          const use = `${button("Utiliser cette photo")}:not([disabled])`;
          // Confirmed: the dialog closed (the field shows the cropped photo).
          timings[confirm]?.push(
            await cpuOfInteraction(page, { selector: '[role="dialog"]', until: "absent" }, { click: use }),
          );
          await found(page, "main img");
        };
        await crop("Ajouter une photo", photo, WIZARD_ACTIONS.openCrop, WIZARD_ACTIONS.confirmCrop);
        await crop("Changer la photo", camera, WIZARD_ACTIONS.openCamera, WIZARD_ACTIONS.confirmCamera);
        await page.evaluate((key) => localStorage.removeItem(key), wizardStorageKey("staff"));
        // Each action's floor, now that the run's actions are done (the floor pages leave the wizard).
        for (const list of Object.values(timings)) {
          const last = list.pop();
          if (last) list.push(await withFloor(page, last));
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return timings;
  });

export const VERIFY_ACTION = "checker: pasted check URL to verdict, offline";

/**
 * Each run's CPU time in ms from submitting `signedUrl` in /verify's field, offline, to the verdict painted
 * (NO_ANSWER if it was not the valid verdict: the measure would not be the checker's work). The page is opened
 * online first, as a guard's phone has done once, so it holds the keys and revocation list. Each with its floor
 * unless `floors` is false (an A/B compares the figures only).
 */
export const verifyInteractions = (
  port: number,
  origin: string,
  signedUrl: string,
  runs: number,
  floors = true,
): Promise<Measure[]> =>
  withPage(port, async (page) => {
    const timings: Measure[] = [];
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    try {
      for (let run = 0; run < runs; run++) {
        await page.goto(`${origin}/verify`, { waitUntil: "networkidle0", timeout: 120_000 });
        await ready(page);
        await found(page, "::-p-text(Liste des cartes suspendues du)");
        await page.setOfflineMode(true);
        // Pasted: the whole address in one input event.
        await (await found(page, "::-p-aria(Adresse de vérification)")).click();
        await page.keyboard.sendCharacter(signedUrl);
        const measure = await cpuOfInteraction(
          page,
          { selector: "[data-verdict]", until: "present" },
          { click: button("Vérifier") },
        );
        const verdict = await page.evaluate(() =>
          document.querySelector("[data-verdict]")?.getAttribute("data-verdict"),
        );
        if (verdict !== "valid") console.warn(`  /verify answered "${verdict}" instead of a valid verdict`);
        await page.setOfflineMode(false);
        timings.push(verdict !== "valid" ? noAnswer : floors ? await withFloor(page, measure) : measure);
      }
    } finally {
      await page.setOfflineMode(false);
    }
    return timings;
  });
