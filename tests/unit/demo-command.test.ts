import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isStale, stampBuild } from "../../scripts/lib/build-stamp";
import { classroomStore } from "../../scripts/lib/classroom-store";
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
    expect(classroomStore(file).load()).toBeNull();
    const data = {
      ...seedData({ seed: 3, bulk: 0, anchor: Date.UTC(2026, 10, 1) }),
      photos: { "0b6f5c1e-3c1a-4c1e-9d2e-1a2b3c4d5e6f": "iVBORw0KGgo=" },
    };
    classroomStore(file).save(data);
    expect(classroomStore(file).load()).toEqual(data);
    expect(readdirSync(join(dir, "data")).sort()).toEqual(["classroom.json", "classroom.json.photos"]);
  });

  it("refuses a file that is not one (never overwrites it silently)", () => {
    const file = join(tempDir(), "notes.json");
    writeFileSync(file, JSON.stringify({ hello: "world" }));
    expect(() => classroomStore(file).load()).toThrow(/not a campus-card classroom database/);
  });
});
