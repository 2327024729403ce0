import { createServer, type Server } from "node:http";
import * as nodeFs from "node:fs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createClassroom, DISK_LOW, NOT_SAVED } from "../../scripts/lib/classroom-server";
import type { StoreIo } from "../../scripts/lib/classroom-store";
import { kinds } from "../../src/kinds";
import { staffSubmissions } from "./support/staff-submissions";
import { removeDir, tempDir, tinyBuild } from "./support/demo-process";

/** A nearly full disk: `write` writes fewer bytes than asked, then none. Nothing acknowledged may be lost. */
const dir = tempDir();
const dist = tinyBuild(dir);
afterAll(() => removeDir(dir));

const { submit, submitStreamed } = staffSubmissions("S");

type Write = (fd: number, bytes: NodeJS.ArrayBufferView, offset?: number, length?: number) => number;
const realWrite = nodeFs.writeSync as unknown as Write;
/** The disk as the test sets it: how many bytes one `write` call may still write (Infinity: no limit). */
let room = Number.POSITIVE_INFINITY;
let perCall = Number.POSITIVE_INFINITY;
const io: StoreIo = {
  ...nodeFs,
  writeSync: ((fd: number, data: NodeJS.ArrayBufferView | string, at?: number, size?: number) => {
    // A string is written whole by Node's own call: here it is bytes like any other, cut like any other.
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    const offset = typeof data === "string" ? 0 : (at ?? 0);
    const length = typeof data === "string" ? bytes.byteLength : (size ?? bytes.byteLength - offset);
    const count = Math.min(length, perCall, room);
    if (count === 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    room -= count;
    return realWrite(fd, bytes, offset, count);
  }) as unknown as typeof nodeFs.writeSync,
};

/** Free bytes the disk reports (a 1 GB disk). */
let free = 500 * 1024 * 1024;
io.statfsSync = ((path: string) =>
  Object.assign(nodeFs.statfsSync(path), {
    bsize: 1024,
    blocks: 1024 * 1024,
    bavail: free / 1024,
  })) as typeof nodeFs.statfsSync;

let server: Server | undefined;
afterEach(() => {
  server?.close();
  room = perCall = Number.POSITIVE_INFINITY;
  free = 500 * 1024 * 1024;
  vi.restoreAllMocks();
});
const serve = async (file: string) => {
  const classroom = createClassroom({ file, dist, publicUrl: "http://192.0.2.10:5173", knownOrigins: () => [], io });
  server = createServer(classroom.handle);
  await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
  return { classroom, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe("a disk that writes fewer bytes than asked", () => {
  it("completes every write: each acknowledged submission is in a file the server starts again on", async () => {
    const file = join(dir, "short", "classroom.json");
    let { origin } = await serve(file);
    perCall = 4096;
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await submit(origin);
      expect(answer.status).toBe(201);
      codes.push(answer.body.code!);
    }
    server!.close();
    perCall = Number.POSITIVE_INFINITY;
    const again = await serve(file);
    origin = again.origin;
    const kept = again.classroom
      .db()
      .demands("staff")
      .map((d) => d.code);
    for (const code of codes) expect(kept).toContain(code);
    expect((await submit(origin)).status).toBe(201);
  });
});

describe("a disk that fills in the middle of a write", () => {
  it("answers 503, keeps the last good file whole, and the server starts again on it", async () => {
    const file = join(dir, "filling", "classroom.json");
    const { origin } = await serve(file);
    const before = await submit(origin);
    expect(before.status).toBe(201);
    const lastGood = readFileSync(file, "utf8");

    room = Math.floor(lastGood.length / 2);
    const refused = await submit(origin);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ detail: NOT_SAVED, code: "not_saved" });
    expect(readFileSync(file, "utf8")).toBe(lastGood);
    expect((await fetch(`${origin}/institution/api/v1/faculty/`)).status).toBe(200);

    // Started again on the still full disk: it opens its file, reads work, writes wait for room.
    server!.close();
    room = 0;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const again = await serve(file);
    expect(
      again.classroom
        .db()
        .demands("staff")
        .map((d) => d.code),
    ).toContain(before.body.code);
    expect((await submit(again.origin)).status).toBe(503);
    room = Number.POSITIVE_INFINITY;
    expect((await submit(again.origin)).status).toBe(201);
  });
});

describe("a disk with little room left", () => {
  it("refuses uploads before reading them, says so once in the terminal, and takes them again once there is room", async () => {
    const file = join(dir, "low", "classroom.json");
    const { origin } = await serve(file);
    const terminal = vi.spyOn(console, "error").mockImplementation(() => {});
    const before = readFileSync(file, "utf8");
    // 5 % of the 1 GB disk is over 50 MB: the margin is 50 MB.
    free = 50 * 1024 * 1024;
    for (let i = 0; i < 2; i++) {
      const refused = await submit(origin);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ detail: DISK_LOW, code: "disk_low" });
    }
    expect(terminal.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(/nearly full: uploads are refused/),
    ]);
    expect(readFileSync(file, "utf8")).toBe(before);
    expect((await fetch(`${origin}/institution/api/v1/faculty/`)).status).toBe(200);

    free = 60 * 1024 * 1024;
    expect((await submit(origin)).status).toBe(201);
  });
});

describe("an upload that does not say its size", () => {
  it("counts as the largest the server takes: refused when that would leave the disk under its margin", async () => {
    const file = join(dir, "streamed", "classroom.json");
    const { origin } = await serve(file);
    vi.spyOn(console, "error").mockImplementation(() => {});
    // 60 MB free over a 50 MB margin: room for a form that says its size, not for an unknown one of up to 12 MB.
    free = 60 * 1024 * 1024;
    const refused = await submitStreamed(origin);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: "disk_low" });
    expect((await submit(origin)).status).toBe(201);

    free = 500 * 1024 * 1024;
    expect((await submitStreamed(origin)).status).toBe(201);
  });

  it("an upload over the largest body is refused as too large, not for the disk", async () => {
    const { origin } = await serve(join(dir, "large", "classroom.json"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Room for the largest body the server reads (12 MB, twice that on disk, over the 50 MB margin), not for 13 MB.
    free = 75 * 1024 * 1024;
    const tooLarge = await fetch(`${origin}${kinds.staff.paths.submit}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: new Uint8Array(13 * 1024 * 1024),
    });
    expect(tooLarge.status).toBe(413);
  });
});
