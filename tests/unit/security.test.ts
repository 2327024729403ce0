// @vitest-environment node
/**
 * Security gates (issue "Quality gates" item 3), static and unit parts. The built index.html's CSP and the token
 * staying out of every URL in a real session are checked in tests/e2e/reliability-security.spec.ts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as fx from "../fixtures/entities";
import { staff, student, teacher } from "../../src/kinds";
import * as api from "../../src/api";

const root = join(import.meta.dirname, "../..");
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

describe("no raw HTML injection", () => {
  it("no dangerouslySetInnerHTML (nor innerHTML / outerHTML / insertAdjacentHTML writes) anywhere in src", () => {
    const offenders = walk(join(root, "src"))
      .filter((path) => /\.(ts|tsx)$/.test(path))
      .flatMap((path) =>
        readFileSync(path, "utf8")
          .split("\n")
          .map((line, n) => ({ line, n }))
          .filter(({ line }) => /dangerouslySetInnerHTML|\.(?:inner|outer)HTML\s*=[^=]|insertAdjacentHTML\(/.test(line))
          .map(({ n }) => `${relative(root, path)}:${n + 1}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe("the bearer token never travels in a URL", () => {
  const TOKEN = "tok.QA-Secret_1234567890";
  const urls: string[] = [];
  const headers: (string | null)[] = [];

  beforeEach(() => {
    urls.length = 0;
    headers.length = 0;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      if (request.body) await request.arrayBuffer();
      urls.push(request.url);
      headers.push(request.headers.get("authorization"));
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    });
    api.configureApi({
      baseUrl: "http://localhost",
      getToken: () => TOKEN,
      onUnauthorized: () => {},
      timeoutMs: 5_000,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("every endpoint function, with a token set: in the Authorization header of protected calls, never in the URL", async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => api.login("admin", "x"),
      () => api.logout(),
      () => api.getProfile(),
      () => api.updatePassword(1, "N3w!password"),
      () => api.listAgents("x"),
      () => api.createAgent(fx.newAgent),
      () => api.deleteAgent("1"),
      () => api.getStats(),
      () => api.exportAllCards(),
      ...api.referenceNames.map((name) => () => api.getReferenceList(name)),
      ...[student, staff, teacher].flatMap((kind) => [
        () => api.submitDemand(kind, {}),
        () => api.listDemands(kind, { search: "x", filter: "all", page: 2 }),
        () => api.listDemands(kind, { link: "http://localhost/student/api/v1/demand/?page=3" }),
        () => api.getDemand(kind, "id"),
        () => api.validateDemand(kind, "id", {}),
        () => api.validateDemandSimple(kind, "id"),
        () => api.listCards(kind, { search: "x", filter: 1, page: 2 }),
        () => api.getCard(kind, "id"),
        () => api.getCardPdf(kind, "id"),
        () => api.notifyPrint(kind, "id"),
        () => api.exportCards(kind, 1),
        () => api.checkCard(kind, fx.cardToken),
      ]),
    ];
    for (const call of calls) await call().catch(() => undefined);
    expect(urls.length).toBe(calls.length);
    for (const url of urls) {
      expect(url).not.toContain(TOKEN);
      expect(url).not.toContain(encodeURIComponent(TOKEN));
      expect(decodeURIComponent(url)).not.toMatch(/token=|access=|authorization=/i);
      // The card's QR token is a different secret: it travels in the check call's body, never its URL.
      expect(url).not.toContain(fx.cardToken);
    }
    expect(headers.filter((h) => h === `Bearer ${TOKEN}`).length).toBeGreaterThan(20);
  });
});
