import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_CONTROL, nginxHeadersConf, securityHeaders } from "../../scripts/lib/security-headers";
import { removeDir, startDemo, stopDemo, tempDir, tinyBuild, type DemoProcess } from "./support/demo-process";

/** One definition of the production headers: nginx's snippet is generated from it, and the demo servers send it. */
const deploy = join(import.meta.dirname, "..", "..", "deploy", "nginx");

describe("deploy/nginx", () => {
  it("sends the headers of scripts/lib/security-headers.ts, word for word", () => {
    expect(readFileSync(join(deploy, "campus-card-headers.conf"), "utf8")).toBe(nginxHeadersConf());
  });

  it("caches hashed assets for a year and revalidates everything else, as the demo servers do", () => {
    const site = readFileSync(join(deploy, "campus-card.conf"), "utf8");
    const cacheLines = [...site.matchAll(/add_header Cache-Control "([^"]+)" always;/g)].map((m) => m[1]);
    expect(new Set(cacheLines)).toEqual(new Set([CACHE_CONTROL.immutable, CACHE_CONTROL.revalidate]));
    expect(site).toMatch(new RegExp(`location /assets/ \\{[^}]*add_header Cache-Control "${CACHE_CONTROL.immutable}"`));
  });
});

const dir = tempDir();
const dist = tinyBuild(dir);
let plain: DemoProcess | undefined;
let shared: DemoProcess | undefined;
beforeAll(async () => {
  [plain, shared] = await Promise.all([
    startDemo([], { dist }),
    startDemo(["--shared", "--host", "127.0.0.1", "--data", join(dir, "c.json")], { dist }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([stopDemo(plain), stopDemo(shared)]);
  removeDir(dir);
});

describe.each([
  ["npm run demo", () => plain],
  ["npm run demo -- --shared", () => shared],
])("%s", (_name, demoOf) => {
  it("sends production's security headers on pages, assets, the API and refusals, and its caching rules", async () => {
    const { origin } = demoOf()!;
    const expected = securityHeaders();
    expect(expected["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(expected["Content-Security-Policy"]).toContain("connect-src 'self';");
    for (const path of ["/", "/auth", "/assets/app-abc123.js", "/config.json", "/api/token/", "/missing.js"]) {
      const answer = await fetch(`${origin}${path}`);
      for (const [name, value] of Object.entries(expected))
        expect(answer.headers.get(name), `${path} ${name}`).toBe(value);
    }
    expect((await fetch(`${origin}/assets/app-abc123.js`)).headers.get("cache-control")).toBe(CACHE_CONTROL.immutable);
    expect((await fetch(`${origin}/auth`)).headers.get("cache-control")).toBe(CACHE_CONTROL.revalidate);
  });
});
