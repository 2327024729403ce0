import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kinds } from "../../src/kinds";
import { writeQrVideo } from "./support/qr-video";
import { demoCall } from "./support/demo-call";
import { signedUrlOf, studentCards } from "./support/verify";
import { launchWithFakeCamera } from "./support/fake-camera";
import { waitForApp } from "./support/takeover";

/**
 * The guards' checker (/verify, extension `signed-qr`) with Chromium's fake camera playing a video of a card PDF's
 * QR code: a valid verdict online, again offline after a reload (the service worker), revoked once the card is
 * suspended and the list refreshed, forged for a pasted URL whose signed part was changed.
 */
const student = kinds.student;

const verdict = (page: Page) => page.locator("[data-verdict]");

test("a guard scans a card with the camera: valid online, valid offline after a reload, revoked once suspended, forged when altered", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "verify-camera-"));
  const video = join(dir, "card-qr.y4m");
  // The browser reads the video when the camera opens: the file is written once the card's QR is known.
  const browser = await launchWithFakeCamera(video);
  try {
    const context = await browser.newContext({ baseURL: baseURL ?? "", permissions: ["camera"] });
    const page = await context.newPage();
    await page.goto("/verify");
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "Vérifier une carte" })).toBeVisible();
    await expect(page.getByText(/Liste des cartes suspendues du \d\d\/\d\d/)).toBeVisible();
    // Installed for offline use: the service worker has kept what /verify needs.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${baseURL}/verify`);

    // The first student card's PDF, its QR read back from the rendered page.
    const card = (await studentCards(page))[0]!;
    const signedUrl = await signedUrlOf(page, card.id);
    expect(signedUrl).toMatch(/\/check\/student\/card\/[^#]+#s1\./);
    writeQrVideo(video, signedUrl!);

    await page.getByRole("button", { name: "Ouvrir la caméra" }).click();
    await expect(verdict(page)).toHaveAttribute("data-verdict", "valid");
    await expect(verdict(page).getByRole("heading", { name: "Carte authentique et valide" })).toBeVisible();
    await expect(verdict(page)).toContainText(card.code);
    await expect(verdict(page)).toContainText("Clé de démonstration");

    // No network: the page comes from the service worker, the keys and list from the browser.
    await context.setOffline(true);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByText(/^Hors ligne · Liste des cartes suspendues du/)).toBeVisible();
    await page.getByRole("button", { name: "Ouvrir la caméra" }).click();
    await expect(verdict(page)).toHaveAttribute("data-verdict", "valid");
    await expect(verdict(page)).toContainText(/Vérifiée hors ligne — liste du \d\d\/\d\d \d\d:\d\d/);

    // The card reported lost: once the list is refreshed online, the same QR is revoked.
    await context.setOffline(false);
    await demoCall(page, `${student.paths.card(card.id)}suspend/`, {
      method: "POST",
      body: { reason: "lost", note: "", reported_by_holder: true },
    });
    await page.reload();
    await waitForApp(page);
    await expect(page.getByText(/Liste des cartes suspendues du/)).toBeVisible();
    await page.getByRole("button", { name: "Ouvrir la caméra" }).click();
    await expect(verdict(page)).toHaveAttribute("data-verdict", "revoked");
    await expect(verdict(page).getByRole("heading", { name: "Carte suspendue — perdue" })).toBeVisible();
    await expect(verdict(page)).toContainText("Motif : carte perdue");

    // A pasted URL whose signed part was changed by one character: the verdict over the camera tapped away first.
    await page.getByRole("button", { name: "Touchez l'écran pour scanner la carte suivante" }).click();
    await page.getByRole("button", { name: "Fermer la caméra" }).click();
    const at = signedUrl!.indexOf("#s1.") + 44;
    const tampered = `${signedUrl!.slice(0, at)}${signedUrl![at] === "A" ? "B" : "A"}${signedUrl!.slice(at + 1)}`;
    await page.getByLabel("Adresse de vérification").fill(tampered);
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(verdict(page)).toHaveAttribute("data-verdict", "forged");
    await expect(verdict(page).getByRole("heading", { name: "Carte falsifiée ou modifiée" })).toBeVisible();
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("online, a card suspended while the checker is open reads suspended at the next scan, with no reload", async ({
  page,
}) => {
  await page.goto("/verify");
  await waitForApp(page);
  await expect(page.getByText(/Liste des cartes suspendues du \d\d\/\d\d/)).toBeVisible();
  const cards = await studentCards(page);
  const card = cards.find((c) => c.valid)!;
  const signedUrl = await signedUrlOf(page, card.id);
  expect(signedUrl).toMatch(/#s1\./);

  const paste = async (text: string) => {
    await page.getByLabel("Adresse de vérification").fill(text);
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  };
  await paste(signedUrl!);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "valid");
  await expect(verdict(page)).toContainText(card.code);
  await expect(verdict(page)).toContainText(/Vérifiée en ligne à \d\d:\d\d/);

  await demoCall(page, `${student.paths.card(card.id)}suspend/`, {
    method: "POST",
    body: { reason: "stolen", note: "", reported_by_holder: true },
  });
  await paste(signedUrl!);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "revoked");
  await expect(verdict(page).getByRole("heading", { name: "Carte suspendue — volée" })).toBeVisible();
  await expect(verdict(page)).toContainText("Motif : carte volée");

  // Card A's genuine fragment on another card's address: forged or altered, and no photo.
  const other = cards.find((c) => c.id !== card.id)!;
  const otherUrl = await signedUrlOf(page, other.id);
  expect(otherUrl).toMatch(/#s1\./);
  const swapped = `${otherUrl!.split("#")[0]}#${signedUrl!.split("#")[1]}`;
  await paste(swapped);
  await expect(verdict(page)).toHaveAttribute("data-verdict", "forged");
  await expect(page.getByRole("img", { name: /Photo/ })).toHaveCount(0);
});
