import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { dist, nginxPort } from "../../playwright.config";
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
    expect(await config.json()).toEqual(JSON.parse(readFileSync(join(dist, "config.json"), "utf8")));
  });

  test("the checker's service worker and manifest are revalidated on each visit, with their types", async ({
    request,
  }) => {
    const worker = await request.get(`${site}/verify-sw.js`);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-type"]).toMatch(/javascript/);
    expect(await worker.text()).toContain("campus-verify-");
    const manifest = await request.get(`${site}/verify.webmanifest`);
    expect(manifest.headers()["cache-control"]).toBe("no-cache");
    expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ start_url: "/verify", scope: "/verify" });
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

  test("dotfiles are never served, the version is not told, one byte range at most", async ({ request }) => {
    // What a careless copy may leave beside the build: secrets, a repository, the demo's build stamp.
    const planted = [".env", ".build-stamp", ".git/config"];
    mkdirSync(join(dist, ".git"), { recursive: true });
    try {
      for (const file of planted) writeFileSync(join(dist, file), "SECRET=planted-by-the-test\n");
      for (const path of [...planted, ".vite/manifest.json", "assets/.hidden", "check/.env"]) {
        const response = await request.get(`${site}/${path}`);
        expect(response.status(), path).toBe(404);
        expect(await response.text(), path).not.toContain("planted-by-the-test");
      }
    } finally {
      for (const file of planted) rmSync(join(dist, file), { force: true });
      rmSync(join(dist, ".git"), { recursive: true, force: true });
    }

    const missing = await request.get(`${site}/assets/no-such-file.js`);
    expect(missing.status()).toBe(404);
    expect(missing.headers()["server"]).toBe("nginx");
    expect(await missing.text()).not.toMatch(/nginx\/\d/);

    const html = await (await request.get(`${site}/auth`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const one = await request.get(`${site}${script}`, {
      headers: { range: "bytes=0-9", "accept-encoding": "identity" },
    });
    expect(one.status()).toBe(206);
    expect((await one.body()).length).toBe(10);
    // Many ranges in one request (a cheap way to make a server work hard) get the whole file, once.
    const many = await request.get(`${site}${script}`, {
      headers: { range: "bytes=0-0,2-2,4-4,6-6", "accept-encoding": "identity" },
    });
    expect(many.status()).toBe(200);
    expect(many.headers()["content-type"]).not.toContain("multipart/byteranges");
  });

  test("serves a build kept in a private directory (mode 700, as mktemp -d makes), whoever runs it", async () => {
    const home = mkdtempSync(join(tmpdir(), "campus-private-"));
    chmodSync(home, 0o700);
    const root = join(home, "dist");
    mkdirSync(root);
    copyFileSync(join(dist, "config.json"), join(root, "config.json"));
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const server = spawn(process.execPath, ["scripts/nginx-serve.ts", "--root", root, "--port", String(port)], {
      stdio: "ignore",
    });
    try {
      const status = async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/config.json`)).status;
        } catch {
          return 0;
        }
      };
      await expect.poll(status).not.toBe(0);
      expect(await status()).toBe(200);
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      rmSync(home, { recursive: true, force: true });
    }
  });
});
