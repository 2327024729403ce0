import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isStale, stampBuild } from "../../scripts/lib/build-stamp";
import { loadClassroom, saveClassroom } from "../../scripts/lib/classroom-store";
import { seedData } from "../../src/mock-server/seeds";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "campus-demo-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("npm run demo builds only when needed", () => {
  it("rebuilds a missing build, or one older than a source; not a fresh one", () => {
    const root = tempDir();
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src", "main.tsx"), "x");
    const dist = join(root, "dist-demo");
    expect(isStale(root, dist)).toBe(true);
    mkdirSync(dist);
    stampBuild(dist);
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, "src", "main.tsx"), past, past);
    utimesSync(join(root, "src"), past, past);
    expect(isStale(root, dist)).toBe(false);
    writeFileSync(join(root, "src", "main.tsx"), "y");
    expect(isStale(root, dist)).toBe(true);
  });
});

describe("the classroom database file", () => {
  it("round-trips the data, written atomically (no temporary file left)", () => {
    const dir = tempDir();
    const file = join(dir, "data", "classroom.json");
    expect(loadClassroom(file)).toBeNull();
    const data = seedData({ seed: 3, bulk: 0, anchor: Date.UTC(2026, 10, 1) });
    saveClassroom(file, data);
    expect(loadClassroom(file)).toEqual(data);
    expect(readdirSync(join(dir, "data"))).toEqual(["classroom.json"]);
  });

  it("refuses a file that is not one (never overwrites it silently)", () => {
    const file = join(tempDir(), "notes.json");
    writeFileSync(file, JSON.stringify({ hello: "world" }));
    expect(() => loadClassroom(file)).toThrow(/not a campus-card classroom database/);
  });
});
