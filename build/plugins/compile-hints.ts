import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { EAGERLY_COMPILED_CHUNKS } from "../chunk-groups.ts";

const HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts Chromium's explicit compile hint on the first line of the chunks named in EAGERLY_COMPILED_CHUNKS (why:
 * there), in the written files: Vite writes its own preamble (the dynamic imports' dependency map) at the top of a
 * chunk last of all its output hooks. The files' hashed names were given before: a hint that changes (a chunk added
 * to the list) changes no name, which is harmless since it changes only when V8 compiles, not what runs.
 */
export function compileHints(): Plugin {
  return {
    name: "campus-compile-hints",
    apply: "build",
    writeBundle(options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk" || !EAGERLY_COMPILED_CHUNKS.includes(item.name)) continue;
        const file = join(options.dir ?? "dist", item.fileName);
        const code = readFileSync(file, "utf8");
        if (!code.startsWith(HINT)) writeFileSync(file, HINT + code);
      }
    },
  };
}
