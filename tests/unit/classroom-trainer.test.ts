import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kinds } from "../../src/kinds";
import { paths } from "../../src/api/paths";
import { CLASSROOM_PATHS } from "../../src/api/classroom-paths";
import { decodeQr, rasterizePage } from "../../src/mock-server/card-pdf/test-helpers";
import { readTerminalQr } from "./support/terminal-qr";
import { removeDir, startDemo, stopDemo, tempDir, tinyBuild, type DemoProcess } from "./support/demo-process";

/** The classroom demo as a trainer runs it: addresses phones can open, and accounts no student can keep. */
const dir = tempDir();
const dist = tinyBuild(dir);
afterAll(() => removeDir(dir));

/** A JSON call, from a chosen local address (127.0.0.x are all this machine: each one another "device"). */
const call = (
  origin: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; from?: string } = {},
) =>
  new Promise<{ status: number; body: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      {
        method,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          "content-type": "application/json",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
          } catch {
            /* a PDF */
          }
          resolve({ status: res.statusCode ?? 0, body, bytes });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
const signIn = (origin: string, username: string, password: string, from?: string) =>
  call(origin, "POST", paths.token, { body: { username, password }, ...(from ? { from } : {}) });
const tokenOf = async (origin: string, username: string, password: string) =>
  String((await signIn(origin, username, password)).body.access);

/** The URL in the QR code of the first staff card's PDF, as a phone reads it. */
const qrOfFirstCard = async (origin: string): Promise<string | null> => {
  const token = await tokenOf(origin, "admin", "Admin@2026");
  const cards = await call(origin, "GET", kinds.staff.paths.cards, { token });
  const first = (cards.body.results as { id: string }[])[0]!;
  const pdf = await call(origin, "GET", kinds.staff.paths.cardPdf(first.id), { token });
  expect(pdf.status).toBe(200);
  for (const page of [1, 2]) {
    const found = decodeQr(rasterizePage(new Uint8Array(pdf.bytes), page, 200));
    if (found) return found;
  }
  return null;
};

describe("the address phones reach", () => {
  it("prints the applicants' and agents' pages and a terminal QR code, and the cards' QR codes name the LAN address", async () => {
    const demo = await startDemo(["--shared", "--host", "0.0.0.0", "--data", join(dir, "lan.json")], { dist });
    try {
      const lan = Object.values(networkInterfaces())
        .flat()
        .find((net) => net?.family === "IPv4" && !net.internal)?.address;
      const site = `http://${lan ?? "localhost"}:${demo.port}`;
      expect(demo.output()).toContain(`Applicants (phones) open:   ${site}/registration`);
      expect(demo.output()).toContain(`Agents (laptops) open:      ${site}/auth`);
      expect(readTerminalQr(demo.output())).toBe(`${site}/registration`);
      // The trainer's own browser uses 127.0.0.1: the card's QR still names the address phones reach.
      const qr = await qrOfFirstCard(demo.origin);
      expect(qr).toMatch(new RegExp(`^${site.replace(/[.]/g, "\\.")}/check/staff/card/`));
    } finally {
      await stopDemo(demo);
    }
  }, 60_000);

  it("with --public-url, the cards' QR codes name that address", async () => {
    const demo = await startDemo(
      [
        "--shared",
        "--host",
        "127.0.0.1",
        "--public-url",
        "http://cards.classroom.test:8080/",
        "--data",
        join(dir, "public.json"),
      ],
      { dist },
    );
    try {
      expect(demo.output()).toContain("Applicants (phones) open:   http://cards.classroom.test:8080/registration");
      expect(await qrOfFirstCard(demo.origin)).toMatch(/^http:\/\/cards\.classroom\.test:8080\/check\/staff\/card\/./);
    } finally {
      await stopDemo(demo);
    }
  }, 60_000);
});

describe("accounts the trainer keeps in control of", () => {
  let demo: DemoProcess;
  const data = join(dir, "accounts", "classroom.json");
  beforeAll(async () => {
    demo = await startDemo(["--shared", "--host", "127.0.0.1", "--data", data], { dist });
  }, 60_000);
  afterAll(() => stopDemo(demo));

  it("holds up wrong passwords per device: another device still signs in", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(demo.origin, "agent", "wrong", "127.0.0.2")).status).toBe(401);
    expect((await signIn(demo.origin, "agent", "Agent@2026", "127.0.0.2")).status).toBe(429);
    expect((await signIn(demo.origin, "agent", "Agent@2026", "127.0.0.3")).status).toBe(200);
  });

  it("keeps passwords hashed and tokens digested in the data file", async () => {
    const token = await tokenOf(demo.origin, "admin", "Admin@2026");
    const file = readFileSync(data, "utf8");
    expect(file).not.toContain("Admin@2026");
    expect(file).not.toContain("Agent@2026");
    expect(file).not.toContain(token);
    expect(file).toContain('"password":"scrypt$');
  });

  it("restores a taken-over account from the terminal, keeping the class's work", async () => {
    const admin = await tokenOf(demo.origin, "admin", "Admin@2026");
    const taken = await call(demo.origin, "PUT", paths.appUser(1), { token: admin, body: { password: "Stolen@2026" } });
    expect(taken.status).toBe(200);
    const created = await call(demo.origin, "POST", paths.createAgent, {
      token: admin,
      body: { username: "kept", password: "Kept@2026x" },
    });
    expect(created.status).toBe(201);
    expect((await signIn(demo.origin, "admin", "Admin@2026")).status).toBe(401);

    const restored = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        if (chunk.toString().includes("Account admin: its demo password is back")) resolve();
      };
      demo.child.stdout!.on("data", onData);
    });
    demo.child.stdin!.write("restore admin\n");
    await restored;
    expect((await signIn(demo.origin, "admin", "Admin@2026")).status).toBe(200);
    expect((await call(demo.origin, "GET", paths.profile, { token: admin })).status).toBe(401);
    expect((await signIn(demo.origin, "kept", "Kept@2026x")).status).toBe(200);
  });

  it("restores an account from the admin's dashboard endpoint (administrators only), keeping the class's work", async () => {
    const admin = await tokenOf(demo.origin, "admin", "Admin@2026");
    expect(
      (await call(demo.origin, "PUT", paths.appUser(2), { token: admin, body: { password: "Taken@2026" } })).status,
    ).toBe(200);
    const agent = await tokenOf(demo.origin, "agent", "Taken@2026");
    expect(
      (await call(demo.origin, "POST", CLASSROOM_PATHS.restoreAccount, { token: agent, body: { username: "agent" } }))
        .status,
    ).toBe(403);
    expect(
      (await call(demo.origin, "POST", CLASSROOM_PATHS.restoreAccount, { token: admin, body: { username: "agent" } }))
        .status,
    ).toBe(200);
    expect((await signIn(demo.origin, "agent", "Agent@2026")).status).toBe(200);
    expect(
      (await call(demo.origin, "POST", CLASSROOM_PATHS.restoreAccount, { token: admin, body: { username: "nobody" } }))
        .status,
    ).toBe(404);
    expect((await signIn(demo.origin, "kept", "Kept@2026x")).status).toBe(200);
  });

  it("resets the class's data from the dashboard endpoint; the administrator stays signed in", async () => {
    const admin = await tokenOf(demo.origin, "admin", "Admin@2026");
    expect((await call(demo.origin, "POST", CLASSROOM_PATHS.reset, { token: admin })).status).toBe(200);
    expect((await signIn(demo.origin, "kept", "Kept@2026x")).status).toBe(401);
    expect((await call(demo.origin, "GET", paths.profile, { token: admin })).status).toBe(200);
    expect(readdirSync(join(dir, "accounts")).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
