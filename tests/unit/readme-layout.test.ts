import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

describe("the README's layout", () => {
  it("names every folder of src/", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const folders = readdirSync(join(root, "src")).filter((name) => statSync(join(root, "src", name)).isDirectory());
    expect(folders.filter((name) => !readme.includes(`\`src/${name}/`))).toEqual([]);
  });
});
