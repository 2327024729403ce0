import { expect } from "@playwright/test";
import { test } from "./support/takeover";
import * as fx from "../fixtures/entities";
import { stubBackend, signIn } from "./support/stub-backend";

/** Security gates on the built app: hostile return paths after login, the CSP of every built page, the token kept out of URLs and cleared on sign-out. See support/stub-backend.ts for how the stub backend works. */

test.describe("hostile return paths after login never leave the origin", () => {
  // One of each way a browser could read a value differently from the unit test of safeReturnPath
  // (src/app/return-path.test.ts holds the full list): a scheme-relative path, a backslash, a script URL, a tab
  // the URL parser drops, credentials before a host.
  const hostile = [
    "//evil.example/steal",
    "/\\evil.example",
    "JaVaScRiPt:alert(1)",
    "/\t/evil.example",
    "<origin>@evil.example/",
  ];
  // One test per value: each is a whole sign-in, and a failure names the value.
  for (const value of hostile) {
    test(`redirect=${JSON.stringify(value)}`, async ({ page, baseURL }) => {
      await stubBackend(page);
      const origin = new URL(baseURL!).origin;
      const redirect = value.replace("<origin>", origin);
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await signIn(page, redirect);
      await expect(page).toHaveURL(/\/dashboard$/);
      const url = new URL(page.url());
      expect(url.origin).toBe(origin);
      expect(url.pathname).toBe("/dashboard");
      expect(dialogs).toBe(0);
    });
  }
});

test("every built page (prerendered or the app shell) carries a CSP without inline scripts", async ({ request }) => {
  for (const path of ["/", "/auth", "/registration/student", "/dashboard", "/check/student/card/x"]) {
    const html = await (await request.get(path)).text();
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    expect(meta, `CSP meta tag on ${path}`).not.toBeNull();
    const policy = meta![1]!.replace(/&#39;/g, "'").replace(/&quot;/g, '"');
    const directives = policy.split(";").map((d) => d.trim());
    const scriptSrc =
      directives.find((d) => d.startsWith("script-src")) ?? directives.find((d) => d.startsWith("default-src"));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // And nothing inline for it to allow: every <script> has a src, or is a JSON data block (never run).
    expect(
      [...html.matchAll(/<script\b([^>]*)>/gi)].every(
        (m) => /\ssrc=/.test(m[1]!) || /\stype="application\/json"/.test(m[1]!),
      ),
      path,
    ).toBe(true);
  }
});

test("the token never appears in a URL; signing out clears it here and in another tab", async ({ page, context }) => {
  const sent = await stubBackend(context);
  const urls: string[] = [];
  context.on("request", (request) => urls.push(request.url()));

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of [
    "/dashboard/student/demand",
    "/dashboard/staff/card",
    `/dashboard/student/card/${fx.studentCard.id}`,
    "/dashboard/agent",
    "/dashboard/profile",
  ]) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
  }
  const stored = await page.evaluate(() => localStorage.getItem("campus-card.session"));
  expect(stored).toContain(fx.token.access);

  const other = await context.newPage();
  await other.goto("/dashboard/profile");
  await expect(other.locator("main h1")).toBeVisible();

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem("campus-card.session"))).toBeNull();
  // The other tab hears the storage event and signs out too.
  await expect(other).toHaveURL(/\/auth/);
  expect(await other.evaluate(() => localStorage.getItem("campus-card.session"))).toBeNull();

  expect(sent.some((s) => s.method === "POST" && s.path === "/api/token/logout/")).toBe(true);
  expect(urls.length).toBeGreaterThan(20);
  const token = fx.token.access;
  const leaks = urls.filter(
    (url) => url.includes(token) || url.includes(encodeURIComponent(token)) || url.includes(token.split(".")[2]!),
  );
  expect(leaks).toEqual([]);
});
