import { spawn } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { kinds } from "../../src/kinds";
import { decodeQr, rasterizePage } from "../../src/mock-server/card-pdf/test-helpers";
import { fromBase64url } from "../../src/signed/base64url";
import { checkSignedUrl } from "../../src/signed/fragment";
import { verifyingKeys } from "../../src/signed/keys";
import { verifyRevocationList } from "../../src/signed/revocation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockApi, type MockApi } from "../../scripts/lib/mock-api-server";

/** `npm run mock:api` as trainers and backend teams use it: a careful server, not a toy. */
let api: MockApi;
let token = "";
beforeAll(async () => {
  api = await startMockApi({ host: "127.0.0.1", port: 0 });
  const signedIn = await fetch(`${api.url}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  token = ((await signedIn.json()) as { access: string }).access;
});
afterAll(() => api.close());

const list = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${api.url}/student/api/v1/demand/${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });

describe("the mock API's paged lists", () => {
  it("parse page strictly: 0x2, ' 2', 2.0 and 1e1 are not pages", async () => {
    expect((await list("?page=2")).status).toBe(200);
    for (const page of ["0x2", "%202", "2.0", "1e1", "-1", "0", "02"])
      expect((await list(`?page=${page}`)).status, page).toBe(404);
  });

  it("build next/previous links from the server's own origin, never from the request's Host header", async () => {
    // fetch cannot set Host: a raw request can, as a hostile client or a misconfigured proxy would.
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${api.url}/student/api/v1/demand/?page=2`,
        { headers: { host: "evil.example", authorization: `Bearer ${token}` } },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve(text));
        },
      );
      req.on("error", reject);
      req.end();
    });
    const answer = JSON.parse(body) as { next: string; previous: string };
    expect(new URL(answer.next).origin).toBe(api.url);
    expect(new URL(answer.previous).origin).toBe(api.url);
  });
});

describe("the mock API refuses bad requests with 4xx, never 500", () => {
  it("answers 400 to invalid percent-encoding in a path and to a malformed multipart body", async () => {
    expect((await list("%zz/")).status).toBe(400);
    const malformed = await fetch(`${api.url}/student/api/v1/demand/submit/`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XX" },
      body: '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    });
    expect(malformed.status).toBe(400);
  });

  it("answers 400 to an invalid Host header, as Django does, and serves any well-formed one", async () => {
    const statusFor = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${api.url}/student/api/v1/demand/`,
          { headers: { host, authorization: `Bearer ${token}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end();
      });
    for (const host of [
      "exa mple.cm",
      "example.cm:99x",
      "a/b",
      "user@example.cm",
      "[::1",
      "example.cm:",
      "%65xample.cm",
    ]) {
      expect(await statusFor(host), JSON.stringify(host)).toBe(400);
    }
    for (const host of ["cards.usa.cm", "cards.usa.cm:8443", "127.0.0.1:8787", "[::1]:8787", "localhost"]) {
      expect(await statusFor(host), host).toBe(200);
    }
  });

  it("answers 413 to a body over 12 MB, from its announced length, without reading it", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${api.url}/student/api/v1/demand/submit/`, {
        method: "POST",
        headers: { "content-type": "application/octet-stream", "content-length": String(600 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on("error", (error) =>
        String(error).includes("EPIPE") || String(error).includes("ECONNRESET") ? undefined : reject(error),
      );
      req.write(Buffer.alloc(64 * 1024));
    });
    expect(status).toBe(413);
  });
});

describe("the mock API's sessions behave like production's", () => {
  let clock = Date.parse("2026-11-25T08:00:00Z");
  let timed: MockApi;
  beforeAll(async () => {
    timed = await startMockApi({ host: "127.0.0.1", port: 0, tokenTtlMs: 60 * 60 * 1000, now: () => clock });
  });
  afterAll(() => timed.close());
  const signIn = (password: string, username = "admin") =>
    fetch(`${timed.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password }),
    });
  const profile = (access: string) =>
    fetch(`${timed.url}/base/api/v1/appuser/profile/`, { headers: { authorization: `Bearer ${access}` } });

  it("a token expires after its lifetime (401, as simplejwt words it)", async () => {
    const { access } = (await (await signIn("Admin@2026")).json()) as { access: string };
    expect((await profile(access)).status).toBe(200);
    clock += 59 * 60 * 1000;
    expect((await profile(access)).status).toBe(200);
    clock += 2 * 60 * 1000;
    const expired = await profile(access);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { code: string }).code).toBe("token_not_valid");
  });

  it("repeated failed sign-ins for one username are throttled (429 with Retry-After), then allowed again", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn("wrong", "agent")).status).toBe(401);
    const throttled = await signIn("Agent@2026", "agent");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signIn("Admin@2026")).status).toBe(200); // another username is not held up
    clock += 16 * 60 * 1000;
    expect((await signIn("Agent@2026", "agent")).status).toBe(200);
  });
});

describe("npm run mock:api on the command line", () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [join(import.meta.dirname, "..", "..", "scripts", "mock-api.ts"), ...args],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      child.on("exit", (code) => resolve({ code, stdout, stderr }));
    });

  it("prints its options with --help, and one line for an unknown option", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    for (const option of [
      "--host",
      "--port",
      "--origin",
      "--site-url",
      "--seed",
      "--page-size",
      "--token-ttl-minutes",
      "--pact-states",
      "--quiet",
    ])
      expect(help.stdout).toContain(option);
    const unknown = await run(["--colour"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1);
    expect(unknown.stderr).toContain("--colour");
  });
});

describe("the card QR codes the mock API builds", () => {
  const firstCardQr = async (server: MockApi) => {
    const signedIn = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
    });
    const { access } = (await signedIn.json()) as { access: string };
    const auth = { authorization: `Bearer ${access}` };
    const cards = (await (await fetch(`${server.url}${kinds.staff.paths.cards}`, { headers: auth })).json()) as {
      results: { id: string }[];
    };
    const pdf = new Uint8Array(
      await (
        await fetch(`${server.url}${kinds.staff.paths.cardPdf(cards.results[0]!.id)}`, { headers: auth })
      ).arrayBuffer(),
    );
    for (const page of [1, 2]) {
      const found = decodeQr(rasterizePage(pdf, page, 200));
      if (found) return found;
    }
    return null;
  };

  it("open the site's address given by --site-url, not the API's own origin", async () => {
    const server = await startMockApi({ siteUrl: "https://cards.univ.test" });
    try {
      expect(await firstCardQr(server)).toMatch(/^https:\/\/cards\.univ\.test\/check\/staff\/card\/./);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("open the address it serves by default, and carry the card signed (extension signed-qr)", async () => {
    const qr = await firstCardQr(api);
    expect(qr).toMatch(new RegExp(`^${api.url.replace(/[.]/g, "\\.")}/check/staff/card/[^#]+#s1\\.`));
    const jwks = (await (await fetch(`${api.url}${kinds.staff.paths.signedQrKeys}`)).json()) as { keys: [] };
    const list = (await (await fetch(`${api.url}${kinds.staff.paths.signedQrRevocations}`)).json()) as { cose: string };
    const keys = await verifyingKeys(jwks);
    const revocations = await verifyRevocationList(fromBase64url(list.cose) ?? new Uint8Array(), keys);
    expect(await checkSignedUrl(qr ?? "", { keys, revocations, now: new Date() })).toMatchObject({
      verdict: "valid",
      claims: { kind: "staff" },
    });
  }, 60_000);
});
