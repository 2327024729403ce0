import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { startClassroom, stopClassroom } from "./support/classroom";
import { test, waitForApp } from "./support/takeover";
import { launchWithFakeCamera } from "./support/fake-camera";
import { writeQrVideo } from "./support/qr-video";
import { signedUrlOf, studentCards } from "./support/verify";

/**
 * The guards' checker on the classroom's LAN address: plain http on an address other than loopback, where the
 * browser gives neither `crypto.subtle` nor the camera. The classroom server listens on this machine's own
 * non-loopback address (what `hostname -I` prints), E2E_PORT + 4.
 */
const lan = Object.values(networkInterfaces())
  .flat()
  .find((net) => net && net.family === "IPv4" && !net.internal)?.address;
const port = Number(process.env.E2E_PORT ?? 4317) + 4;
const dist = process.env.E2E_DIST ?? "dist-e2e";
const dataDir = mkdtempSync(join(tmpdir(), "campus-classroom-lan-"));

let server: ChildProcess | null = null;
test.afterAll(async () => {
  if (server) await stopClassroom(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("on the classroom's plain-http LAN address, /verify verifies a pasted card without WebCrypto and says the camera needs https; the check page reads the fragment too", async ({
  browser,
}) => {
  expect(lan, "this machine has a non-loopback IPv4 address").toBeDefined();
  const origin = `http://${lan!}:${port}`;
  server = await startClassroom({ dist, host: lan!, port, dataFile: join(dataDir, "classroom.json") });

  const guard = await browser.newContext({ baseURL: origin });
  const page = await guard.newPage();
  await page.goto("/verify");
  await waitForApp(page);
  // Not a secure context: no WebCrypto, no camera.
  expect(await page.evaluate(() => ({ secure: isSecureContext, subtle: "subtle" in crypto }))).toEqual({
    secure: false,
    subtle: false,
  });
  await expect(page.getByRole("alert").filter({ hasText: "la caméra" })).toContainText("https");
  await expect(page.getByText(/ du \d\d\/\d\d \d\d:\d\d$/)).toBeVisible();

  // A card of the class, its QR read back from its PDF: the address a guard's phone would scan.
  const card = (await studentCards(page)).find((c) => c.valid)!;
  const signedUrl = await signedUrlOf(page, card.id);
  expect(signedUrl).toMatch(new RegExp(`^${origin}/check/student/card/[^#]+#s1\\.`));

  await page.getByLabel("Adresse de vérification").fill(signedUrl!);
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  const verdict = page.locator("[data-verdict]");
  await expect(verdict).toHaveAttribute("data-verdict", "valid");
  await expect(verdict.getByRole("heading", { name: "Carte authentique et valide" })).toBeVisible();
  await expect(verdict).toContainText(card.code);

  // One changed character of the signed part: forged, without WebCrypto too.
  const at = signedUrl!.indexOf("#s1.") + 44;
  const tampered = `${signedUrl!.slice(0, at)}${signedUrl![at] === "A" ? "B" : "A"}${signedUrl!.slice(at + 1)}`;
  await page.getByLabel("Adresse de vérification").fill(tampered);
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(verdict).toHaveAttribute("data-verdict", "forged");

  // The public check page on the same address reads the signed fragment too: the genuine one valid, the changed one
  // forged.
  await page.goto(signedUrl!);
  await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "valid");
  await page.goto("about:blank");
  await page.goto(tampered);
  await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "forged");
  await guard.close();
});

test("with --https, the classroom's LAN address is a secure page: a guard's phone scans a card with the camera", async () => {
  test.setTimeout(120_000);
  expect(lan, "this machine has a non-loopback IPv4 address").toBeDefined();
  const origin = `https://${lan!}:${port + 1}`;
  const video = join(dataDir, "card-qr.y4m");
  const secure = await startClassroom({
    dist,
    host: lan!,
    port: port + 1,
    dataFile: join(dataDir, "classroom-https.json"),
    https: true,
  });
  const browser = await launchWithFakeCamera(video);
  try {
    // The phone accepted the classroom's own certificate once (docs/classroom.md).
    const guard = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true, permissions: ["camera"] });
    const page = await guard.newPage();
    await page.goto("/verify");
    await waitForApp(page);
    expect(await page.evaluate(() => ({ secure: isSecureContext, subtle: "subtle" in crypto }))).toEqual({
      secure: true,
      subtle: true,
    });
    await expect(page.getByText("la caméra, qui demande une adresse https")).toHaveCount(0);
    await expect(page.getByText(/ du \d\d\/\d\d \d\d:\d\d$/)).toBeVisible();
    // A card of the class: its QR names the https address.
    const card = (await studentCards(page)).find((c) => c.valid)!;
    const signedUrl = await signedUrlOf(page, card.id);
    expect(signedUrl).toMatch(new RegExp(`^${origin}/check/student/card/[^#]+#s1\\.`));
    writeQrVideo(video, signedUrl!);

    await page.getByRole("button", { name: "Ouvrir la caméra" }).click();
    const verdict = page.locator("[data-verdict]");
    await expect(verdict).toHaveAttribute("data-verdict", "valid");
    await expect(verdict).toContainText(card.code);
    await guard.close();
  } finally {
    await browser.close();
    await stopClassroom(secure);
  }
});
