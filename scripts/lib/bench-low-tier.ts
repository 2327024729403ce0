/**
 * Interactions at the low tier in the benchmark (scripts/bench.ts), measured like the back office's
 * (scripts/lib/bench-interaction.ts) with the CPU slowed to a low-tier phone (scripts/lib/bench-calibration.ts):
 * the wizard's next step, opening and confirming the photo crop, and the offline checker's verdict for a pasted
 * signed check URL (docs/signed-qr.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer-core";
import { wizardStorageKey } from "../../src/machines/wizard-storage.ts";
import { samplePng } from "../../tests/e2e/support/sample-png.ts";
import { staffReviewSnapshot } from "../../tests/e2e/support/wizard.ts";
import { withPage } from "./bench-backoffice.ts";
import { NO_ANSWER, timeInteraction } from "./bench-interaction.ts";

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
} as const;

/**
 * Per action, each run's input-to-painted time in ms, the CPU slowed `rate` times: the staff wizard resumed from a
 * filled first step (a draft of this device), moved to the next step, then its photo dialog opened, a photo chosen
 * (not timed) and the crop confirmed.
 */
export const wizardInteractions = (
  port: number,
  origin: string,
  runs: number,
  rate: number,
): Promise<Record<string, number[]>> =>
  withPage(port, async (page) => {
    const timings: Record<string, number[]> = Object.fromEntries(Object.values(WIZARD_ACTIONS).map((a) => [a, []]));
    const dir = mkdtempSync(join(tmpdir(), "bench-photo-"));
    const photo = join(dir, "photo.png");
    writeFileSync(photo, samplePng());
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    try {
      for (let run = 0; run < runs; run++) {
        await page.goto(`${origin}/registration/staff`, { waitUntil: "networkidle0", timeout: 120_000 });
        await page.evaluate(
          (key, draft) => sessionStorage.setItem(key, draft),
          wizardStorageKey("staff"),
          JSON.stringify({ ...staffReviewSnapshot(`BENCH${run}`), step: 0, reached: 0 }),
        );
        await page.reload({ waitUntil: "networkidle0", timeout: 120_000 });
        await ready(page);
        await (await found(page, "button::-p-text(Reprendre la demande)")).click();
        const next = await found(page, button("Suivant"));
        timings[WIZARD_ACTIONS.next]?.push(
          await timeInteraction(page, cdp, rate, { selector: "#wizard-step-title", until: "changed" }, () =>
            next.click(),
          ),
        );

        const add = await found(page, button("Ajouter une photo"));
        timings[WIZARD_ACTIONS.openCrop]?.push(
          await timeInteraction(page, cdp, rate, { selector: '[role="dialog"]', until: "present" }, () => add.click()),
        );
        const file = (await found(page, '[role="dialog"] input[type="file"]')) as ElementHandle<HTMLInputElement>;
        await file.uploadFile(photo);
        const use = await found(page, `${button("Utiliser cette photo")}:not([disabled])`);
        // Confirmed: the dialog closed and the field shows the cropped photo.
        timings[WIZARD_ACTIONS.confirmCrop]?.push(
          await timeInteraction(page, cdp, rate, { selector: "main img", until: "present" }, () => use.click()),
        );
        await page.evaluate((key) => sessionStorage.removeItem(key), wizardStorageKey("staff"));
      }
    } finally {
      await cdp.detach();
      rmSync(dir, { recursive: true, force: true });
    }
    return timings;
  });

export const VERIFY_ACTION = "checker: pasted check URL to verdict, offline";

/**
 * Each run's time in ms from submitting `signedUrl` in /verify's field, offline, the CPU slowed `rate` times, to
 * the verdict painted (NO_ANSWER if it was not the valid verdict: the measure would not be the checker's work).
 * The page is opened online first, as a guard's phone has done once, so it holds the keys and revocation list.
 */
export const verifyInteractions = (
  port: number,
  origin: string,
  signedUrl: string,
  runs: number,
  rate: number,
): Promise<number[]> =>
  withPage(port, async (page) => {
    const timings: number[] = [];
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    try {
      for (let run = 0; run < runs; run++) {
        await page.goto(`${origin}/verify`, { waitUntil: "networkidle0", timeout: 120_000 });
        await ready(page);
        await found(page, "::-p-text(Liste de révocation du)");
        await page.setOfflineMode(true);
        // Pasted: the whole address in one input event.
        await (await found(page, "::-p-aria(Adresse de vérification)")).click();
        await page.keyboard.sendCharacter(signedUrl);
        const check = await found(page, button("Vérifier"));
        const ms = await timeInteraction(page, cdp, rate, { selector: "[data-verdict]", until: "present" }, () =>
          check.click(),
        );
        const verdict = await page.evaluate(() =>
          document.querySelector("[data-verdict]")?.getAttribute("data-verdict"),
        );
        if (verdict !== "valid") console.warn(`  /verify answered "${verdict}" instead of a valid verdict`);
        timings.push(verdict === "valid" ? ms : NO_ANSWER);
        await page.setOfflineMode(false);
      }
    } finally {
      await page.setOfflineMode(false);
      await cdp.detach();
    }
    return timings;
  });
