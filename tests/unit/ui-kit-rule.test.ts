// @vitest-environment node
/**
 * The UI kit's rule (src/ui/README.md): form controls are the kit's `Native*` pieces everywhere; react-aria is used
 * only inside the kit (overlays, composite widgets, `Button`), and every piece is imported from its own module. `npm run lint` forbids importing react-aria outside the kit (`no-restricted-imports`); this
 * file checks what a lint rule cannot: the kit's index and the controls screens draw.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const sources = walk(join(root, "src"))
  .map((path) => relative(root, path).replaceAll("\\", "/"))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));

describe("the UI kit's rule", () => {
  it("is imported one way: each piece from its own module, the kit having no index", () => {
    expect(sources).not.toContain("src/ui/index.ts");
    const everything = walk(join(root, "src"))
      .concat(walk(join(root, "tests")))
      .filter((path) => /\.tsx?$/.test(path));
    const viaIndex = everything
      .filter((path) => /from "(?:\.\.?\/)+ui(?:\/index)?"/.test(readFileSync(path, "utf8")))
      .map((path) => relative(root, path));
    expect(viaIndex).toEqual([]);
  });

  it("has one text field: the react-aria TextField is retired", () => {
    expect(sources).not.toContain("src/ui/TextField.tsx");
  });

  it("draws no raw checkbox outside the kit (screens use NativeCheckbox)", () => {
    const raw = sources.filter(
      (file) =>
        file.endsWith(".tsx") &&
        !file.startsWith("src/ui/") &&
        /type=["{]+checkbox/.test(readFileSync(join(root, file), "utf8")),
    );
    expect(raw).toEqual([]);
  });
});
