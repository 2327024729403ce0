import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import * as fx from "../fixtures/entities";
import { axeViolations } from "./support/axe";
import { test } from "./support/takeover";
import { BOOT } from "../../src/entry/boot-attributes";
import { generatePrivateJwk, publicJwk, signingKeyFromJwk } from "../../src/signed/keys";
import { signedCardUrl } from "../../src/signed/sign";

/**
 * Live mode must not download one byte of the demo backend (miragejs/pretender) or the card renderer
 * (pdf-lib, fontkit). Chunks holding them are found by their markers in the build output, then every script
 * the browser fetched in live mode is checked against that list.
 */
const assets = join(process.cwd(), process.env.E2E_DIST ?? "dist-e2e", "assets");
const markers = [/pretender/, /Mirage:/, /FlateDecode/, /fontkit/i];
const demoChunks = readdirSync(assets)
  .filter((name) => name.endsWith(".js"))
  .filter((name) => {
    const text = readFileSync(join(assets, name), "utf8");
    return markers.some((marker) => marker.test(text));
  });

test("live mode loads no demo-backend or PDF code on public and dashboard pages", async ({ page }) => {
  expect(demoChunks.length, "the build should contain the demo chunks this test looks for").toBeGreaterThan(0);

  await page.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: "" } }));
  // No real backend here: every API call fails the way an unreachable server does.
  await page.route(/\/(api|base|student\/api|staff\/api|teacher\/api|institution)\//, (route) =>
    route.fulfill({ status: 502, contentType: "application/json", body: "{}" }),
  );
  const scripts: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith(".js")) scripts.push(url.pathname.split("/").pop() ?? "");
  });

  for (const path of ["/", "/auth", "/registration/student", "/nowhere"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
  }
  // A live-mode sign-in attempt against the failing backend shows a translated error, not a blank page.
  await page.goto("/auth");
  await page.getByLabel("Nom d'utilisateur").fill("admin");
  await page.getByLabel("Mot de passe").fill("whatever");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toContainText(/502|serveur/i);

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((name) => demoChunks.includes(name))).toEqual([]);
  // And no demo-account hint in live mode.
  await expect(page.getByText("admin / Admin@2026")).toHaveCount(0);
});

test("live mode sends public pages' calls (check page, wizard lists) to the configured backend", async ({ page }) => {
  const backend = "http://127.0.0.1:9";
  await page.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: backend } }));
  const asked: string[] = [];
  await page.route(`${backend}/**`, (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.fulfill({
      status: 404,
      contentType: "application/json",
      body: JSON.stringify({ detail: "Not found." }),
    });
  });
  const sameOrigin: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^\/(api|base|student\/api|staff\/api|teacher\/api|institution)\//.test(url.pathname) && url.origin !== backend)
      sameOrigin.push(url.pathname);
  });
  await page.goto("/check/student/card/some-token");
  await expect(page.getByRole("heading", { name: "Carte introuvable" })).toBeVisible();
  expect(asked.some((path) => path.startsWith("/student/api/v1/checkcard/"))).toBe(true);
  await page.goto("/registration/student");
  await expect.poll(() => asked.filter((path) => path.startsWith("/institution/")).length).toBeGreaterThan(0);
  expect(sameOrigin).toEqual([]);
});

test("live mode keeps the landing page static (~3 KB of script); its theme and language pickers still work", async ({
  page,
}) => {
  await page.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: "" } }));
  await page.route(/\/(api|base|student\/api|staff\/api|teacher\/api|institution)\//, (route) =>
    route.fulfill({ status: 502, contentType: "application/json", body: "{}" }),
  );
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.url());
  });
  await page.goto("/");
  await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady, "static");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.length).toBeLessThanOrEqual(2);

  // The theme applies at once and is remembered.
  await page.getByRole("combobox", { name: "Thème" }).selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");

  // A language change reloads the page in that language, drawn by the app.
  await page.getByRole("combobox", { name: "Langue" }).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Theme" })).toHaveValue("dark");

  // Links lead to the other pages, which run the app.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "fr"));
  await page.goto("/");
  await page.locator('a[href="/auth"]').first().click();
  await expect(page.getByLabel("Nom d'utilisateur")).toBeVisible();
  await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady, "");
});

test("live mode answers a QR scan without the app: verdict, holder, labels, accessible, no framework script", async ({
  page,
}) => {
  const backend = "http://127.0.0.1:9";
  await page.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: backend } }));
  const posted: string[] = [];
  await page.route(`${backend}/**`, (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && path === "/student/api/v1/checkcard/") {
      posted.push(request.postData() ?? "");
      return route.fulfill({ json: fx.studentCheck, headers: { "access-control-allow-origin": "*" } });
    }
    const list = /\/institution\/api\/v1\/(\w+)\//.exec(path)?.[1] as keyof typeof fx.referenceData | undefined;
    if (list && list in fx.referenceData)
      return route.fulfill({ json: fx.referenceData[list], headers: { "access-control-allow-origin": "*" } });
    return route.fulfill({
      status: 404,
      json: { detail: "Not found." },
      headers: { "access-control-allow-origin": "*" },
    });
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname.split("/").pop() ?? "";
    if (name.endsWith(".js")) scripts.push(name);
  });

  await page.goto(`/check/student/card/${encodeURIComponent(fx.cardToken)}`);
  await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady, "static");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte valide");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByRole("region", { name: "Titulaire" })).toContainText("Faculté des Sciences");
  await expect(page.getByRole("link", { name: /^Appeler / })).toHaveAttribute("href", /^tel:/);
  expect(posted).toEqual([JSON.stringify({ tokenCard: encodeURIComponent(fx.cardToken) })]);
  expect(scripts.filter((name) => /^(framework|shell|ui)-/.test(name))).toEqual([]);
  // The connection to another origin's API is opened as soon as config.json names it, while the scripts load.
  await expect(page.locator(`head link[rel="preconnect"][href="${backend}"][crossorigin]`)).toHaveCount(1);

  expect(await axeViolations(page, "live check page")).toEqual([]);

  // The header's links are plain page loads; the theme picker works without the app.
  await page.getByRole("combobox", { name: "Thème" }).selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  // A reader who chose English gets the app, which draws the same screen in English.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"));
  await page.reload();
  await expect(page.locator("#root")).toHaveAttribute(BOOT.appReady, "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valid card");
  await expect(page.getByRole("region", { name: "Holder" })).toContainText("Faculty of Science");
});

test("a live QR scan's check is on its way while the check screen's scripts still load", async ({ page }) => {
  const backend = "http://127.0.0.1:9";
  await page.route("**/config.json", (route) => route.fulfill({ json: { mode: "live", apiBaseUrl: backend } }));
  const events: string[] = [];
  let checkSent!: () => void;
  const checkArrived = new Promise<void>((resolve) => (checkSent = resolve));
  await page.route(`${backend}/**`, (route) => {
    const request = route.request();
    if (request.method() === "POST")
      events.push(`check ${new URL(request.url()).pathname} ${request.postData() ?? ""}`);
    if (request.method() === "POST") checkSent();
    if (request.method() === "POST")
      return route.fulfill({ json: fx.studentCheck, headers: { "access-control-allow-origin": "*" } });
    const list = /\/institution\/api\/v1\/(\w+)\//.exec(new URL(request.url()).pathname)?.[1] as
      | keyof typeof fx.referenceData
      | undefined;
    return route.fulfill({
      json: list && list in fx.referenceData ? fx.referenceData[list] : [],
      headers: { "access-control-allow-origin": "*" },
    });
  });
  // The screen's script (src/entry/check-page.ts and the check machine, in the kinds' chunk) is held until the check
  // has reached the backend: were the check sent by that script, it would never come, and the verdict never show.
  await page.route(/\/assets\/kinds-[\w-]+\.js$/, async (route) => {
    await checkArrived;
    events.push("screen script");
    await route.continue();
  });

  await page.goto(`/check/student/card/${encodeURIComponent(fx.cardToken)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte valide");
  expect(events).toEqual([
    `check /student/api/v1/checkcard/ ${JSON.stringify({ tokenCard: encodeURIComponent(fx.cardToken) })}`,
    "screen script",
  ]);
});

test("a signed QR in live mode: its signed verdict before the online answer, then confirmed; altered, it is forged though the card exists", async ({
  page,
}) => {
  const backend = "http://127.0.0.1:9";
  await page.route("**/config.json", (route) =>
    route.fulfill({
      json: { mode: "live", apiBaseUrl: backend, capabilities: ["signed-qr"], publicCheck: "identity-only" },
    }),
  );
  // An issuer's key as a demo backend publishes it, and the student card's QR signed with it.
  const jwk = await generatePrivateJwk();
  const jwks = { keys: [await publicJwk(jwk, { from: "2020-01-01", until: "2099-12-31" }, true)] };
  const now = Math.floor(Date.now() / 1000);
  const path = `/check/student/card/${encodeURIComponent(fx.cardToken)}`;
  const signedUrl = await signedCardUrl(
    `https://cartes.univ.test${path}`,
    {
      kind: "student",
      code: fx.studentCheck.code,
      register: fx.studentCheck.register,
      familyName: fx.studentCheck.lastname,
      givenNames: fx.studentCheck.firstname,
      unit: "FS",
      validFrom: now - 86_400,
      validUntil: now + 300 * 86_400,
      sequence: 1,
      issuer: "USA",
    },
    await signingKeyFromJwk(jwk),
  );
  const fragment = new URL(signedUrl).hash;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${backend}/**`, async (route) => {
    const request = route.request();
    const cors = { "access-control-allow-origin": "*" };
    const url = new URL(request.url()).pathname;
    if (url === "/student/api/v1/signed-qr/keys/") return route.fulfill({ json: jwks, headers: cors });
    if (request.method() === "POST") {
      await held;
      return route.fulfill({ json: fx.studentCheck, headers: cors });
    }
    return route.fulfill({ json: [], headers: cors });
  });

  await page.goto(`${path}${fragment}`);
  const signed = page.getByTestId("signed-verdict");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signature authentique");
  await expect(signed).toContainText(`${fx.studentCheck.firstname} ${fx.studentCheck.lastname}`);
  await expect(signed).toContainText(fx.studentCheck.code);
  await expect(signed.getByRole("status")).toHaveText("Confirmation en ligne…");
  await expect(page.getByTestId("signed-demo-key")).toContainText("Clé de démonstration");
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte valide");
  await expect(page.getByTestId("signed-note")).toContainText("Signature de l'université vérifiée");
  // config.json publicCheck "identity-only": the holder, no emergency information.
  await expect(page.getByRole("region", { name: "Titulaire" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Informations d'urgence" })).toHaveCount(0);
  await expect(page.getByText("Groupe sanguin")).toHaveCount(0);

  // One character of the signed part changed: the card's token is still found online, and the page says forged.
  const at = fragment.length - 30;
  const altered = fragment.slice(0, at) + (fragment[at] === "A" ? "B" : "A") + fragment.slice(at + 1);
  await page.goto("about:blank");
  await page.goto(`${path}${altered}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("QR falsifié ou modifié");
  await expect(page.getByTestId("check-verdict")).toHaveAttribute("data-verdict", "forged");
  await expect(page.getByRole("heading", { name: "Carte valide" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Titulaire" })).toHaveCount(0);
});

test("a built site without config.json says it is not configured: no demo, no demo accounts, no API call", async ({
  page,
}) => {
  await page.route("**/config.json", (route) => route.fulfill({ status: 404, body: "Not found" }));
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  for (const path of ["/auth", "/dashboard", `/check/student/card/${encodeURIComponent(fx.cardToken)}`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ce site n'est pas configuré");
    await expect(page.getByText("config.json")).toBeVisible();
    await expect(page.getByText("Admin@2026")).toHaveCount(0);
  }
  expect(
    requested.filter((path) => /^\/(api|base|student\/api|staff\/api|teacher\/api|institution)\//.test(path)),
  ).toEqual([]);
  expect(requested.filter((path) => demoChunks.some((chunk) => path.endsWith(chunk)))).toEqual([]);
});
