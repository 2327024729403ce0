// @vitest-environment node
/**
 * One job per module (issue "One job per folder and file"): no two files of src/ import each other, directly or
 * around a loop. A cycle means a shared piece sits at the wrong level; it belongs one level down, in a module
 * both sides import.
 *
 * Only static imports count (`import … from`, `import type … from`, `export … from`, bare `import "…"`): a
 * dynamic `import()` loads its module later, on its own chunk (toast.tsx loads ToastRegion.tsx that way), so it
 * closes no loop at load time. Type-only imports do count: erased at build time, they still tie the two files
 * together. Test files are left out (they import what they test).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const src = join(root, "src");

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const isSource = (file: string) =>
  /\.tsx?$/.test(file) && !file.endsWith(".d.ts") && !/\.(test|spec)\.tsx?$/.test(file);

/** Relative specifiers of the static imports and re-exports of a module's text. */
const staticImports = (text: string): string[] => {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const match of code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s*["'](\.{1,2}\/[^"']+)["']/gm))
    found.push(match[1]!);
  for (const match of code.matchAll(/^\s*import\s*["'](\.{1,2}\/[^"']+)["']/gm)) found.push(match[1]!);
  return found;
};

const resolveImport = (from: string, specifier: string): string | null => {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => isSource(path) && existsSync(path) && statSync(path).isFile()) ?? null;
};

/** Every loop of the graph, each named once as `a → b → … → a`, starting from its first file in sort order. */
const cyclesOf = (graph: ReadonlyMap<string, readonly string[]>): string[] => {
  const cycles = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") {
        const loop = stack.slice(stack.indexOf(next));
        const first = loop.indexOf([...loop].sort()[0]!);
        const turned = [...loop.slice(first), ...loop.slice(0, first)];
        cycles.add([...turned, turned[0]].join(" → "));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles].sort();
};

const srcGraph = (): Map<string, string[]> => {
  const files = walk(src).filter(isSource);
  return new Map(
    files.map((file) => [
      relative(root, file),
      staticImports(readFileSync(file, "utf8")).flatMap((specifier) => {
        const target = resolveImport(file, specifier);
        return target ? [relative(root, target)] : [];
      }),
    ]),
  );
};

describe("static imports of src/", () => {
  it("reads static imports and re-exports, not dynamic ones", () => {
    const text = [
      'import { a } from "./a";',
      "import type {",
      "  B,",
      '} from "../b";',
      'export { c } from "./c";',
      'import "./d.css";',
      'const Lazy = lazy(() => import("./e"));',
      '// import { f } from "./f";',
      'import { g } from "react";',
    ].join("\n");
    expect(staticImports(text)).toEqual(["./a", "../b", "./c", "./d.css"]);
  });

  it("names a loop once, whichever file it is entered from", () => {
    const graph = new Map([
      ["z.ts", ["a.ts"]],
      ["a.ts", ["b.ts"]],
      ["b.ts", ["z.ts", "c.ts"]],
      ["c.ts", []],
    ]);
    expect(cyclesOf(graph)).toEqual(["a.ts → b.ts → z.ts → a.ts"]);
  });

  it("has no import cycle", () => {
    const graph = srcGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph)).toEqual([]);
  });
});

/** Every file `from` reaches through static imports, itself excluded. */
const reachable = (graph: ReadonlyMap<string, readonly string[]>, from: string): Set<string> => {
  const seen = new Set<string>();
  const stack = [...(graph.get(from) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.get(next) ?? []));
  }
  return seen;
};

describe("layers of src/", () => {
  it("keeps statecharts off the screen: no machine reaches the UI kit, even through a helper", () => {
    const graph = srcGraph();
    const reaching = [...graph.keys()]
      .filter((file) => file.startsWith("src/machines/"))
      .flatMap((file) =>
        [...reachable(graph, file)].filter((to) => to.startsWith("src/ui/")).map((to) => `${file} → ${to}`),
      );
    expect(reaching).toEqual([]);
  });

  it("imports the toast's two files in one direction: the region does not import the API that loads it", () => {
    const region = srcGraph().get("src/ui/ToastRegion.tsx") ?? [];
    expect(region).not.toContain("src/ui/toast.tsx");
  });
});
