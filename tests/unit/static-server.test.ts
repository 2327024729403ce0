import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic, type StaticServer } from "../../scripts/lib/static-server";

/** The built app's server (browser tests, benchmark, prerendering): pages, assets, and config.json as given. */
let root = "";
const servers: StaticServer[] = [];
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "campus-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, "spa.html"), '<!doctype html><div id="root" data-shell></div>');
  writeFileSync(join(root, "assets", "app-abc123.js"), `console.log(${JSON.stringify("x".repeat(5000))});`);
  writeFileSync(join(root, "verify.webmanifest"), '{"name":"Campus Card"}');
  mkdirSync(join(root, "check", "student", "card"), { recursive: true });
  writeFileSync(
    join(root, "check", "student", "card", "[token].html"),
    '<!doctype html><div id="root" data-check></div>',
  );
  mkdirSync(join(root, ".vite"));
  writeFileSync(join(root, ".vite", "chunk-graph.json"), "{}");
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(root, { recursive: true, force: true });
});
const start = async (config: unknown) => {
  const server = await serveStatic(root, config);
  servers.push(server);
  return server.url;
};

describe("the static server of built output", () => {
  it("answers config.json with the config it was given, and 404 when it was given none", async () => {
    const configured = await start({ mode: "demo", demoLatency: 0 });
    expect(await (await fetch(`${configured}/config.json`)).json()).toEqual({ mode: "demo", demoLatency: 0 });
    const bare = await start(undefined);
    expect((await fetch(`${bare}/config.json`)).status).toBe(404);
  });

  it("serves hashed assets gzipped and immutable, page URLs their HTML, a missing asset 404", async () => {
    const url = await start({ mode: "demo" });
    const asset = await fetch(`${url}/assets/app-abc123.js`, { headers: { "accept-encoding": "gzip" } });
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(asset.headers.get("cache-control")).toMatch(/immutable/);
    expect(await asset.text()).toBe(`console.log(${JSON.stringify("x".repeat(5000))});`);
    expect(await (await fetch(`${url}/registration/student`)).text()).toContain("data-shell");
    expect((await fetch(`${url}/assets/missing-0000.js`)).status).toBe(404);
  });

  it("names a web app manifest as one, and keeps build metadata (dot folders) to itself", async () => {
    const url = await start({ mode: "demo" });
    expect((await fetch(`${url}/verify.webmanifest`)).headers.get("content-type")).toBe("application/manifest+json");
    expect((await fetch(`${url}/.vite/chunk-graph.json`)).status).toBe(404);
  });

  it("answers a page URL with a dot in it as nginx does: a card's check page whatever its token", async () => {
    const url = await start({ mode: "demo" });
    const check = await fetch(`${url}/check/student/card/aZ3.kP-9_x`);
    expect(check.status).toBe(200);
    expect(await check.text()).toContain("data-check");
    expect(await (await fetch(`${url}/dashboard/v1.2`)).text()).toContain("data-shell");
  });
});
