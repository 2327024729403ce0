import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { adminToken, startClassroom, stopClassroom } from "./support/classroom";
import { test, waitForApp } from "./support/takeover";
import { kinds } from "../../src/kinds";
import { paths } from "../../src/api/paths";
import { decodeQr, rasterizePage } from "../../src/mock-server/card-pdf/test-helpers";

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
const student = kinds.student;

let server: ChildProcess | null = null;
test.afterAll(async () => {
  if (server) await stopClassroom(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("on the classroom's plain-http LAN address, /verify verifies a pasted card without WebCrypto and says the camera needs https", async ({
  browser,
}) => {
  expect(lan, "this machine has a non-loopback IPv4 address").toBeDefined();
  const origin = `http://${lan!}:${port}`;
  server = await startClassroom({ dist, host: lan!, port, dataFile: join(dataDir, "classroom.json") });

  // A card of the class, its QR read back from its PDF: the address a guard's phone would scan.
  const access = await adminToken(origin, paths.token);
  const authorized = { headers: { authorization: `Bearer ${access}` } };
  const cards = (await (await fetch(`${origin}${student.paths.cards}`, authorized)).json()) as {
    results: { id: string; code: string; valid: boolean }[];
  };
  const card = cards.results.find((c) => c.valid)!;
  const pdf = new Uint8Array(
    await (await fetch(`${origin}${student.paths.cardPdf(card.id)}`, authorized)).arrayBuffer(),
  );
  const signedUrl = [200, 300]
    .flatMap((dpi) => [1, 2].map((p) => () => decodeQr(rasterizePage(pdf, p, dpi))))
    .reduce<string | null>((found, read) => found ?? read(), null);
  expect(signedUrl).toMatch(new RegExp(`^${origin}/check/student/card/[^#]+#s1\\.`));

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
  await guard.close();
});
