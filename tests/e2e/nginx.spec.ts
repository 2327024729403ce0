import { expect } from "@playwright/test";
import { nginxPort } from "../../playwright.config";
import * as fx from "../fixtures/entities";
import { test } from "./support/takeover";
import { BOOT } from "../../src/entry/boot-attributes";

/**
 * The build behind Debian's real nginx with the configuration docs/deploying.md tells a university to deploy
 * (deploy/nginx/; served by scripts/nginx-serve.ts, playwright.config.ts): the hosting rule, caching, gzip and
 * the security headers, which `vite preview` does not have.
 */
const site = `http://127.0.0.1:${nginxPort}`;

test.describe("behind nginx with deploy/nginx/campus-card.conf", () => {
  test("prerendered pages are served as their HTML, with no-cache and the security headers", async ({ request }) => {
    for (const [path, text] of [
      ["/", `${BOOT.static}="page"`],
      ["/auth", BOOT.prerendered],
      ["/registration/student", BOOT.prerendered],
      ["/terms/staff", BOOT.prerendered],
    ] as const) {
      const response = await request.get(`${site}${path}`);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain(text);
      const headers = response.headers();
      expect(headers["cache-control"], path).toBe("no-cache");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("same-origin");
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      // connect-src is this origin and the configured API's, not any host.
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.example\.cm;/);
      expect(csp).not.toMatch(/connect-src[^;]*\shttps?:(\s|;)/);
    }
  });

  test("hashed assets are immutable and gzipped; config.json is revalidated", async ({ request }) => {
    const html = await (await request.get(`${site}/auth`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(`${site}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-encoding"]).toBe("gzip");
    const config = await request.get(`${site}/config.json`);
    expect(config.headers()["cache-control"]).toBe("no-cache");
    expect(await config.json()).toEqual({ mode: "demo" });
  });

  test("a deep link into the back office gets the app shell, which signs in and returns there", async ({ page }) => {
    await page.goto(`${site}/dashboard/student/demand?search=x`);
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await page.locator("input[name=username]").fill("admin");
    await page.locator("input[name=password]").fill("Admin@2026");
    await page.locator("form button[type=submit]").click();
    await expect(page).toHaveURL(`${site}/dashboard/student/demand?search=x`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a check page link with any token gets its kind's template and the verdict", async ({ page, request }) => {
    const raw = await request.get(`${site}/check/staff/card/${encodeURIComponent(fx.cardToken)}`);
    expect(raw.status()).toBe(200);
    expect(await raw.text()).toContain(`${BOOT.static}="check"`);
    await page.goto(`${site}/check/student/card/unknown-token`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carte introuvable");
  });

  test("the pages refuse to be framed by another site", async ({ page }) => {
    let framed = 0;
    page.on("request", (request) => {
      if (request.frame() !== page.mainFrame() && request.url().startsWith(site)) framed++;
    });
    await page.setContent(`<iframe id="f" src="${site}/dashboard" width="800" height="600"></iframe>`);
    const frame = page.frameLocator("#f");
    // The browser blocks the document (frame-ancestors 'none'): nothing of the app is in the frame.
    await expect.poll(() => framed).toBeGreaterThan(0);
    await expect(frame.locator("#root")).toHaveCount(0);
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child?.url() ?? "").not.toBe(`${site}/dashboard`);
  });
});
