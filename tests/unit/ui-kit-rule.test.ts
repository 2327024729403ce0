// @vitest-environment node
/**
 * The UI kit's rule (src/ui/README.md): form controls are the kit's `Native*` pieces everywhere; react-aria is used
 * only inside the kit (overlays, composite widgets, `Button`), and every piece of the kit is exported from
 * `src/ui/index.ts`. `npm run lint` forbids importing react-aria outside the kit (`no-restricted-imports`); this
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

/** Kit modules a screen never renders on its own, each with the piece that renders it. */
const INTERNAL: Readonly<Record<string, string>> = {
  "ToastRegion.tsx": "rendered by `Toaster` (toast.tsx)",
  "Field.tsx": "react-aria's label and error pieces, used inside the kit's own widgets",
};

describe("the UI kit's rule", () => {
  it("exports every piece of the kit from src/ui/index.ts", () => {
    const index = readFileSync(join(root, "src/ui/index.ts"), "utf8");
    const pieces = sources
      .filter((file) => /^src\/ui\/[^/]+\.tsx$/.test(file))
      .map((file) => file.slice("src/ui/".length));
    const missing = pieces.filter(
      (piece) => !(piece in INTERNAL) && !index.includes(`from "./${piece.replace(/\.tsx$/, "")}"`),
    );
    expect(missing).toEqual([]);
  });

  it("has one text field: the react-aria TextField is retired", () => {
    expect(sources).not.toContain("src/ui/TextField.tsx");
    expect(readFileSync(join(root, "src/ui/index.ts"), "utf8")).not.toMatch(/\bTextField\b(?<!NativeTextField)/);
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
