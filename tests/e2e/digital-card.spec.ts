import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kinds } from "../../src/kinds";
import { demoCall } from "./support/demo-call";
import { digitalCardOf, holderOf, keepDigitalCard, type Holder } from "./support/digital-card";
import { writeBlankVideo, writeImageVideo } from "./support/qr-video";
import { launchWithFakeCamera } from "./support/fake-camera";
import { waitForApp } from "./support/takeover";

/**
 * The digital card (extension `digital-card`): a validated applicant opens it from /track with the birth date as a
 * second factor, keeps it on the phone and shows it offline; a guard's /verify reads it from the phone's screen; a
 * suspension reaches it at its next refresh.
 */
const student = kinds.student;

const fillBirth = async (page: Page, iso: string) => {
  const [year = "", month = "", day = ""] = iso === "" ? [] : iso.split("-");
  const birth = page.getByRole("group", { name: /Date de naissance/ });
  await birth.getByLabel("Jour").fill(day);
  await birth.getByLabel("Mois").fill(month);
  await birth.getByLabel("Année").fill(year);
};

/** From /track (code and registration number), then the birth date on the card's page. */
const openFromTrack = async (page: Page, holder: Holder, birth = holder.birth) => {
  await page.goto(`/track?kind=student&code=${holder.code}`);
  await waitForApp(page);
  await page.getByLabel("Matricule").fill(holder.register);
  await page.getByRole("button", { name: "Voir l’état de ma demande" }).click();
  await page.getByRole("link", { name: "Ouvrir ma carte numérique" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ma carte numérique" })).toBeVisible();
  await expect(page.getByLabel("Code de la demande")).toHaveValue(holder.code);
  await page.getByLabel("Matricule").fill(holder.register);
  await fillBirth(page, birth);
  await page.getByRole("button", { name: "Ouvrir ma carte" }).click();
};

const cardSection = (page: Page) => page.locator("section[data-state]");

test("the birth date is required, must match and cannot be tried out: a found receipt alone opens no card", async ({
  page,
}) => {
  await page.goto("/track");
  await waitForApp(page);
  const holder = await holderOf(page, 0);
  await openFromTrack(page, holder, "1900-01-01");
  await expect(page.getByRole("alert")).toContainText(
    "Aucune carte ne correspond à ce code, ce matricule et cette date",
  );
  await expect(cardSection(page)).toHaveCount(0);
  await fillBirth(page, "");
  await page.getByRole("button", { name: "Ouvrir ma carte" }).click();
  await expect(page.getByText("Entrez votre date de naissance.")).toBeVisible();
  // Birth dates tried out for this registration number are held up as /track guesses are: then even the right one
  // waits, and the page says so.
  for (let day = 1; day <= 10; day++) {
    await digitalCardOf(page, { ...holder, birth: `1990-01-${String(day).padStart(2, "0")}` });
  }
  await fillBirth(page, holder.birth);
  await page.getByRole("button", { name: "Ouvrir ma carte" }).click();
  await expect(page.getByRole("alert")).toHaveText("Trop de tentatives : patientez quelques minutes, puis réessayez.");
  await expect(cardSection(page)).toHaveCount(0);
});

test("a validated applicant opens the digital card from /track, keeps it on the phone and shows it offline; closing it leaves nothing", async ({
  page,
  context,
}) => {
  await page.goto("/track");
  await waitForApp(page);
  const holder = await holderOf(page, 1);
  await openFromTrack(page, holder);
  await expect(page.getByRole("heading", { level: 1, name: "Carte numérique" })).toBeFocused();
  await expect(cardSection(page)).toHaveAttribute("data-state", "active");
  await expect(cardSection(page)).toContainText(holder.cardCode);
  await expect(page.getByRole("img", { name: `QR code signé de la carte ${holder.cardCode}` })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Affichage en direct, \d\d:\d\d:\d\d$/ })).toBeVisible();
  await expect(page.getByText("Rien n'est gardé sur ce téléphone")).toBeVisible();
  // The emergency details stay behind a tap, as on the card's back.
  await expect(page.getByText("Groupe sanguin")).toBeHidden();
  await page.getByText("Au dos de la carte : urgence").click();
  await expect(page.getByText("Groupe sanguin")).toBeVisible();

  await page.getByRole("button", { name: "Garder sur ce téléphone" }).click();
  await expect(page.getByText("La carte est gardée sur ce téléphone")).toBeVisible();
  // No network: the page from its service worker, the card from the phone, marked as not refreshed.
  // Opened again (as the home screen's icon opens it): the kept card, refreshed; its service worker now holds the page.
  await page.reload();
  await expect(page.getByText(/^Actualisée le/)).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await expect(cardSection(page)).toHaveAttribute("data-state", "active");
  await expect(page.getByText(/^Hors ligne — dernière actualisation le/)).toBeVisible();
  await expect(page.getByRole("img", { name: `QR code signé de la carte ${holder.cardCode}` })).toBeVisible();
  await context.setOffline(false);

  // Closing the card leaves nothing on the phone.
  await page.getByRole("button", { name: "Fermer la carte" }).click();
  expect(await page.evaluate(() => localStorage.getItem("campus-card.digital-card"))).toBeNull();
});

test("a guard's /verify reads the phone's screen as a valid digital card; suspended, the card turns red at its next refresh and /verify at its next scan", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "digital-card-"));
  const video = join(dir, "phone.y4m");
  const browser = await launchWithFakeCamera(video);
  try {
    const context = await browser.newContext({ baseURL: baseURL ?? "", permissions: ["camera"] });
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto("/track");
    await waitForApp(phone);
    const holder = await holderOf(phone, 2);
    await openFromTrack(phone, holder);
    const qr = phone.getByRole("img", { name: `QR code signé de la carte ${holder.cardCode}` });
    await expect(qr).toBeVisible();
    const screen = await qr.screenshot();
    writeImageVideo(video, screen);
    await phone.getByRole("button", { name: "Garder sur ce téléphone" }).click();

    const guard = await context.newPage();
    await guard.goto("/verify");
    await waitForApp(guard);
    await expect(guard.getByText(/Liste des cartes suspendues du \d\d\/\d\d/)).toBeVisible();
    await guard.getByRole("button", { name: "Ouvrir la caméra" }).click();
    const verdict = guard.locator("[data-verdict]");
    await expect(verdict).toHaveAttribute("data-verdict", "valid");
    await expect(verdict).toContainText(holder.cardCode);
    await expect(verdict).toContainText("Carte numérique");

    // The office suspends the card (each tab of a demo runs its own backend, which keeps its data in the browser:
    // the call goes through the guard's, and the phone's next start of the page reads it).
    await demoCall(guard, `${student.paths.card(holder.cardId)}suspend/`, {
      method: "POST",
      body: { reason: "stolen", note: "", reported_by_holder: true },
    });
    // The guard's next online scan of the same screen: suspended, with no reload.
    // The phone taken out of the camera's sight until the checker asks for a card, then shown again.
    const camera = guard.getByRole("button", { name: /^(Ouvrir|Fermer) la caméra$/ });
    await guard.getByRole("button", { name: "Touchez l'écran pour scanner la carte suivante" }).click();
    await camera.click();
    writeBlankVideo(video);
    await camera.click();
    await expect(guard.getByText("Approchez la carte")).toBeVisible();
    await camera.click();
    writeImageVideo(video, screen);
    await camera.click();
    await expect(verdict).toHaveAttribute("data-verdict", "revoked");
    await expect(guard.getByRole("heading", { name: "Carte suspendue — volée" })).toBeVisible();
    // The phone, at the card's next refresh (a kept card refreshes as soon as it is shown): red, with no QR.
    await phone.reload();
    await waitForApp(phone);
    await expect(cardSection(phone)).toHaveAttribute("data-state", "suspended");
    await expect(phone.getByRole("heading", { level: 1, name: "Carte suspendue" })).toBeVisible();
    await expect(qr).toHaveCount(0);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("offline three days later, the phone's QR gets its own verdict on /verify: expired as a digital card, open it with the network", async ({
  page,
  context,
}) => {
  await page.goto("/verify");
  await waitForApp(page);
  // Online once: the keys and the list kept, the checker's service worker ready to open it offline.
  await expect(page.getByText(/Liste des cartes suspendues du \d\d\/\d\d/)).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const holder = await holderOf(page, 3);
  const digital = await digitalCardOf(page, holder);
  expect(digital.qr).toMatch(/#s1\./);

  // The phone stayed offline past its token's 72 hours: the guard's checker, offline too, 73 hours on.
  await context.setOffline(true);
  await page.clock.install({ time: (await page.evaluate(() => Date.now())) + 73 * 3600_000 });
  await page.reload();
  await waitForApp(page);
  await expect(page.getByText(/^Hors ligne · Liste des cartes suspendues du/)).toBeVisible();
  await page.getByLabel("Adresse de vérification").fill(digital.qr!);
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  const verdict = page.locator("[data-verdict]");
  await expect(verdict).toHaveAttribute("data-verdict", "expired");
  await expect(verdict).toContainText("QR numérique expiré — ouvrez la carte avec du réseau");
  await expect(verdict).toContainText("Carte numérique");
  await expect(verdict).toContainText(holder.cardCode);
});

test("on a 360 px phone in English the card's words keep whole: the code on one line, nothing scrolled sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/track");
  await waitForApp(page);
  const holder = await keepDigitalCard(page, 4);
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"));
  await page.goto("/digital-card");
  await waitForApp(page);
  await expect(cardSection(page)).toHaveAttribute("data-state", "active");
  const code = cardSection(page).getByText(holder.cardCode, { exact: true });
  // One line box: the code is not broken inside, beside the longest English label ("Registration number").
  const lines = await code.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole("img", { name: `Signed QR code of card ${holder.cardCode}` })).toBeVisible();
});
