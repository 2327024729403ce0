import { createServer, type Server } from "node:http";
import * as nodeFs from "node:fs";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createClassroom, NOT_SAVED } from "../../scripts/lib/classroom-server";
import type { StoreIo } from "../../scripts/lib/classroom-store";
import { kinds } from "../../src/kinds";
import { staffSubmissions } from "./support/staff-submissions";
import { removeDir, startDemo, stopDemo, tempDir, tinyBuild, type DemoProcess } from "./support/demo-process";

/** The classroom demo keeps what it acknowledged: a 2xx to a write means the change is on disk. */
const dir = tempDir();
const dist = tinyBuild(dir);
afterAll(() => removeDir(dir));

const staff = kinds.staff;
const { submission, submit } = staffSubmissions("K");
const signIn = async (origin: string) => {
  const answer = await fetch(`${origin}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  return ((await answer.json()) as { access: string }).access;
};

describe("kill -9 right after acknowledged submissions", () => {
  it("loses none of them and never gives a code twice", async () => {
    const data = join(dir, "killed", "classroom.json");
    const acknowledged: { id: string; code: string }[] = [];
    for (let round = 0; round < 5; round++) {
      const demo: DemoProcess = await startDemo(["--shared", "--host", "127.0.0.1", "--data", data], { dist });
      // Several submissions in flight; the server is killed the moment the second one is acknowledged.
      let acks = 0;
      await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          fetch(`${demo.origin}${staff.paths.submit}`, { method: "POST", body: submission() }).then(async (answer) => {
            const body = (await answer.json()) as { id: string; code: string };
            if (answer.status !== 201 || demo.child.killed) return;
            acknowledged.push({ id: body.id, code: body.code });
            if (++acks === 2) demo.child.kill("SIGKILL");
          }),
        ),
      );
      await stopDemo(demo);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    const demo = await startDemo(["--shared", "--host", "127.0.0.1", "--data", data], { dist });
    try {
      const token = await signIn(demo.origin);
      for (const { id, code } of acknowledged) {
        const answer = await fetch(`${demo.origin}${staff.paths.demand(id)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.status, code).toBe(200);
        expect(((await answer.json()) as { code: string }).code).toBe(code);
      }
      const next = await submit(demo.origin);
      const codes = [...acknowledged.map((a) => a.code), next.body.code];
      expect(new Set(codes).size).toBe(codes.length);
      expect(readdirSync(join(dir, "killed")).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    } finally {
      await stopDemo(demo);
    }
  }, 180_000);
});

describe("a full disk", () => {
  let server: Server | undefined;
  afterAll(() => server?.close());

  it("answers writes 503 with a clear message, keeps reads and the last good file, and leaves no temporary file", async () => {
    const folder = join(dir, "full");
    const file = join(folder, "classroom.json");
    let full = false;
    const enospc = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    const io: StoreIo = {
      ...nodeFs,
      writeSync: ((...args: Parameters<typeof nodeFs.writeSync>) => {
        if (full) throw enospc();
        return (nodeFs.writeSync as (...a: unknown[]) => number)(...args);
      }) as typeof nodeFs.writeSync,
    };
    const classroom = createClassroom({ file, dist, publicUrl: "http://192.0.2.10:5173", knownOrigins: () => [], io });
    server = createServer(classroom.handle);
    await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const before = await submit(origin);
    expect(before.status).toBe(201);
    const lastGood = readFileSync(file, "utf8");

    full = true;
    const refused = await submit(origin);
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toBe(NOT_SAVED);
    // Reads go on, and the refused change is not there (nothing acknowledged, nothing half-kept).
    const token = await signInOrNull(origin);
    expect(token).toBeNull(); // signing in writes a session: refused too, with the same message
    expect((await fetch(`${origin}/institution/api/v1/faculty/`)).status).toBe(200);
    expect(readFileSync(file, "utf8")).toBe(lastGood);
    expect(readdirSync(folder).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(
      classroom
        .db()
        .demands("staff")
        .some((d) => d.code === refused.body.code),
    ).toBe(false);

    full = false;
    const after = await submit(origin);
    expect(after.status).toBe(201);
    expect(after.body.code).not.toBe(before.body.code);
    expect(readFileSync(file, "utf8")).toContain(after.body.code);
  });
});

const signInOrNull = async (origin: string) => {
  const answer = await fetch(`${origin}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  return answer.status === 200 ? ((await answer.json()) as { access: string }).access : null;
};

describe("an unusable --data path", () => {
  it("is reported in one line at start", async () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "not a folder");
    await expect(
      startDemo(["--shared", "--host", "127.0.0.1", "--data", join(blocker, "classroom.json")], { dist }),
    ).rejects.toThrow(/exited \(1\) before listening: demo: --data \S+ cannot be used: [^\n]+\n$/);
  });
});
