import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoBackend } from "../../src/mock-server/index";
import { kinds } from "../../src/kinds";
import { removeDir, startDemo, stopDemo, tempDir, tinyBuild, type DemoProcess } from "./support/demo-process";
import { inBatches, residentBytes, startMockApiProcess, sendFrom } from "./support/server-process";

/**
 * What anyone on the room's network can send to the real server processes (the classroom server and the mock API)
 * without signing in: memory stays bounded, and old sessions end when a password changes.
 */
const MB = 1024 * 1024;
/** Registers are 7 characters at most: a random start, then one more per submission. */
let registers = Math.floor(Math.random() * 500_000);
const staffFields = Object.entries(createDemoBackend().db.demands("staff")[0]!.fields).flatMap(([k, v]) =>
  v === null ? [] : [[k, String(v)] as const],
);
const dir = tempDir();
const dist = tinyBuild(dir);

interface Target {
  readonly origin: string;
  readonly pid: number;
  readonly stop: () => Promise<void>;
}
const servers: Record<"classroom" | "mock API", Target | undefined> = { classroom: undefined, "mock API": undefined };
let demo: DemoProcess | undefined;
beforeAll(async () => {
  demo = await startDemo(["--shared", "--host", "127.0.0.1", "--data", join(dir, "classroom.json")], { dist });
  servers.classroom = { origin: demo.origin, pid: demo.child.pid!, stop: () => stopDemo(demo) };
  const mock = await startMockApiProcess();
  servers["mock API"] = { origin: mock.origin, pid: mock.child.pid!, stop: mock.stop };
}, 60_000);
afterAll(async () => {
  await Promise.all(Object.values(servers).map(async (s) => s?.stop()));
  removeDir(dir);
});

const signIn = (origin: string, username: string, password: string, from = "127.0.0.1") =>
  sendFrom(from, `${origin}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
const tokenOf = async (origin: string, username: string, password: string) =>
  (JSON.parse((await signIn(origin, username, password)).body) as { access: string }).access;
const profile = async (origin: string, token: string) =>
  (await fetch(`${origin}/base/api/v1/appuser/profile/`, { headers: { authorization: `Bearer ${token}` } })).status;

describe.each(["classroom", "mock API"] as const)("the %s", (name) => {
  it("grows by less than 40 MB under 400 sign-ins with unique 250 KB usernames, and refuses each one", async () => {
    const { origin, pid } = servers[name]!;
    const hostile = (i: number) =>
      signIn(origin, `${String(i).padStart(6, "0")}${"x".repeat(250 * 1024 - 6)}`, "wrong", `127.0.1.${(i % 200) + 1}`);
    // The same flood first: the server's heap reaches the size its garbage needs, so what grows after is kept.
    await inBatches(100, 4, hostile);
    const before = residentBytes(pid);
    const statuses = new Set<number>();
    await inBatches(400, 4, async (i) => statuses.add((await hostile(i + 100)).status));
    expect([...statuses]).toEqual([400]);
    expect((residentBytes(pid) - before) / MB).toBeLessThan(40);
  }, 120_000);

  it("ends every other session of an account whose password changes; the session that changed it stays", async () => {
    const { origin } = servers[name]!;
    const username = "agent";
    const password = "Agent@2026";
    const mine = await tokenOf(origin, username, password);
    const other = await tokenOf(origin, username, password);
    const me = (await (
      await fetch(`${origin}/base/api/v1/appuser/profile/`, { headers: { authorization: `Bearer ${mine}` } })
    ).json()) as { id: number };
    const changed = await fetch(`${origin}/base/api/v1/appuser/${me.id}/`, {
      method: "PUT",
      headers: { authorization: `Bearer ${mine}`, "content-type": "application/json" },
      body: JSON.stringify({ password: "Changed@2027" }),
    });
    expect(changed.status).toBe(200);
    expect(await profile(origin, other)).toBe(401);
    expect(await profile(origin, mine)).toBe(200);

    // An administrator restores the password: every session of the account ends.
    const admin = await tokenOf(origin, "admin", "Admin@2026");
    const restored = await fetch(`${origin}/base/api/v1/appuser/${me.id}/`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ password }),
    });
    expect(restored.status).toBe(200);
    expect(await profile(origin, mine)).toBe(401);
    expect(await profile(origin, admin)).toBe(200);
  });

  it("holds up 300 wrong /track guesses from one address, while another address still gets its answer", async () => {
    const { origin } = servers[name]!;
    const staff = kinds.staff;
    const form = new FormData();
    for (const [k, v] of staffFields) form.set(k, v);
    const register = `H${String(registers++).padStart(6, "0")}`;
    form.set("register", register);
    const sent = await fetch(`${origin}${staff.paths.submit}`, { method: "POST", body: form });
    const mine = { code: ((await sent.json()) as { code: string }).code, register };
    const track = (from: string, body: { code: string; register: string }) =>
      sendFrom(from, `${origin}${staff.paths.track}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const statuses = new Set<number>();
    let code = Number(mine.code.replace(/\D/g, ""));
    await inBatches(300, 6, async (i) => {
      const guess = { code: `${staff.demandPrefix}${String(++code % 1e9).padStart(9, "0")}`, register: `G${i}` };
      statuses.add((await track("127.0.3.1", guess)).status);
    });
    expect([...statuses].sort((a, b) => a - b)).toEqual([404, 429]);
    const held = await track("127.0.3.1", mine);
    expect(held.status).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
    const answer = await track("127.0.3.2", mine);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: mine.code, state: "received" });
  }, 60_000);

  it("holds up wrong birth dates on a digital card's lookup per registration number, whichever address asks", async () => {
    const { origin } = servers[name]!;
    const staff = kinds.staff;
    const form = new FormData();
    for (const [k, v] of staffFields) form.set(k, v);
    const register = `B${String(registers++).padStart(6, "0")}`;
    form.set("register", register);
    const sent = await fetch(`${origin}${staff.paths.submit}`, { method: "POST", body: form });
    const code = ((await sent.json()) as { code: string }).code;
    const open = (from: string, birth: string) =>
      sendFrom(from, `${origin}${staff.paths.digitalCard}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code, register, birth_at: birth }),
      });
    const statuses = new Set<number>();
    for (let day = 1; day <= 12; day++) {
      statuses.add((await open(`127.0.5.${day}`, `1990-02-${String(day).padStart(2, "0")}`)).status);
    }
    expect([...statuses].sort((a, b) => a - b)).toEqual([404, 429]);
    const held = await open("127.0.5.99", "1990-03-01");
    expect(held.status).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
  }, 60_000);

  it('makes demand codes that do not follow each other, and holds up the "already exist" answers too', async () => {
    const { origin } = servers[name]!;
    const staff = kinds.staff;
    const submitFrom = async (from: string, register: string) => {
      const form = new FormData();
      for (const [k, v] of staffFields) form.set(k, v);
      form.set("register", register);
      const sent = new Request(`${origin}${staff.paths.submit}`, { method: "POST", body: form });
      return sendFrom(from, sent.url, {
        method: "POST",
        headers: { "content-type": sent.headers.get("content-type")! },
        body: Buffer.from(await sent.arrayBuffer()),
      });
    };
    const first = `E${String(registers++).padStart(6, "0")}`;
    const codes = [];
    for (const register of [first, `E${String(registers++).padStart(6, "0")}`]) {
      const answer = await submitFrom("127.0.4.1", register);
      expect(answer.status).toBe(201);
      codes.push(Number((JSON.parse(answer.body) as { code: string }).code.replace(/\D/g, "")));
    }
    expect(codes[1]).not.toBe(codes[0]! + 1);
    const statuses = new Set<number>();
    await inBatches(40, 4, async () => statuses.add((await submitFrom("127.0.4.2", first)).status));
    expect([...statuses].sort((a, b) => a - b)).toEqual([400, 429]);
  }, 60_000);

  it("lists the agents to an administrator only", async () => {
    const { origin } = servers[name]!;
    const list = async (token: string) =>
      (await fetch(`${origin}/base/api/v1/appuser/get_agent/`, { headers: { authorization: `Bearer ${token}` } }))
        .status;
    expect(await list(await tokenOf(origin, "agent", "Agent@2026"))).toBe(403);
    expect(await list(await tokenOf(origin, "admin", "Admin@2026"))).toBe(200);
  });

  it("holds up correct sign-ins from one address beyond its rate, while another address still signs in", async () => {
    const { origin } = servers[name]!;
    const statuses: number[] = [];
    await inBatches(80, 4, async () =>
      statuses.push((await signIn(origin, "admin", "Admin@2026", "127.0.2.1")).status),
    );
    expect(statuses).toContain(429);
    const held = await signIn(origin, "admin", "Admin@2026", "127.0.2.1");
    expect(held.status).toBe(429);
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signIn(origin, "admin", "Admin@2026", "127.0.2.2")).status).toBe(200);
  }, 60_000);
});

describe.each(["classroom", "mock API"] as const)("the %s given photos", (name) => {
  it("grows by less than 60 MB for 10 submissions with 4 MB photos, and answers each photo back", async () => {
    const { origin, pid } = servers[name]!;
    const fields = Object.entries(createDemoBackend().db.demands("student")[0]!.fields).flatMap(([k, v]) =>
      v === null ? [] : [[k, String(v)] as const],
    );
    const photo = (i: number) => {
      // A PNG whose one image chunk is 4 MB of noise (incompressible, as a camera's photo).
      const ihdr = Buffer.alloc(25);
      ihdr.writeUInt32BE(13, 0);
      ihdr.write("IHDR", 4);
      ihdr.writeUInt32BE(1000, 8);
      ihdr.writeUInt32BE(1000, 12);
      ihdr.set([8, 6, 0, 0, 0], 16);
      const noise = Buffer.alloc(4 * MB);
      for (let at = 0; at < noise.length; at += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, at);
      noise.writeUInt32LE(i, 0);
      const idat = Buffer.alloc(8);
      idat.writeUInt32BE(noise.length, 0);
      idat.write("IDAT", 4);
      const signature = Buffer.from("89504e470d0a1a0a", "hex");
      const end = Buffer.from("0000000049454e44ae426082", "hex");
      return new Blob([signature, ihdr, idat, noise, Buffer.alloc(4), end], { type: "image/png" });
    };
    const submit = async (i: number) => {
      const form = new FormData();
      for (const [k, v] of fields) form.set(k, v);
      form.set("register", `M${String(registers++).padStart(6, "0")}`);
      form.set("photo", photo(i), "me.png");
      const answer = await fetch(`${origin}${kinds.student.paths.submit}`, { method: "POST", body: form });
      return { status: answer.status, body: (await answer.json()) as { id?: string } };
    };
    expect((await submit(0)).status).toBe(201);
    const before = residentBytes(pid);
    const ids: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const answer = await submit(i);
      expect(answer.status).toBe(201);
      ids.push(answer.body.id!);
    }
    expect((residentBytes(pid) - before) / MB).toBeLessThan(60);
    const admin = await tokenOf(origin, "admin", "Admin@2026");
    const read = (await (
      await fetch(`${origin}${kinds.student.paths.demand(ids[9]!)}`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as { photo_str?: string };
    expect(read.photo_str?.length).toBeGreaterThan(4 * MB);
  }, 120_000);
});
