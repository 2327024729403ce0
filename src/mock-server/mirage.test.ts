// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "../api/paths";
import { kinds } from "../kinds";
import { createDemoBackend, dispatch } from "./index";
import { useDemoServer } from "./test-support";

const demo = useDemoServer();
let other: Server;
let otherOrigin: string;

beforeAll(async () => {
  demo.start();
  other = createServer((_req, res) => {
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ mode: "demo" }));
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  demo.stop();
  await new Promise((resolve) => other.close(resolve));
});

describe("Mirage wiring", () => {
  it("lets requests to other origins through to the network", async () => {
    expect(await fetch(`${otherOrigin}/config.json`).then((r) => r.json())).toEqual({ mode: "demo" });
  });

  it("lets same-origin files through (no Mirage error; jsdom has no server behind it)", async () => {
    const error = await fetch(`${location.origin}/config.json`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(error)).not.toMatch(/Mirage/);
  });

  it("answers unknown backend paths with a JSON 404", async () => {
    const response = await fetch(`${location.origin}/base/api/v1/nothing-here/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "Not found." });
  });
});

describe("without Mirage", () => {
  it("answers through dispatch with the same routes", async () => {
    const backend = createDemoBackend();
    const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      dispatch(backend, {
        method,
        url: new URL(path, "http://demo.local"),
        headers,
        body: body === undefined ? { type: "none" } : { type: "json", value: body },
      });
    expect((await request("GET", paths.stats)).status).toBe(401);
    const login = await request("POST", paths.token, { username: "admin", password: "Admin@2026" });
    const { access } = login.body as { access: string };
    const stats = await request("GET", paths.stats, undefined, { authorization: `Bearer ${access}` });
    expect(stats.body).toMatchObject({ student_demands: 60 });
    const card = backend.db.cards("staff")[0]!;
    const check = await request("POST", kinds.staff.paths.checkCard, { tokenCard: card.token });
    expect(check.body).toMatchObject({ code: card.code });
    expect(
      (await request("GET", kinds.teacher.paths.demand("nope"), undefined, { authorization: `Bearer ${access}` }))
        .status,
    ).toBe(404);
  });
});
