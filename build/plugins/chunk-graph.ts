import { relative } from "node:path";
import type { Plugin } from "vite";

/**
 * Which source modules each chunk of the build holds, and which module imports which lazily: what the chunk
 * membership test (tests/e2e/chunks.spec.ts) reads to prove the landing's first load and live mode stay light,
 * whatever the chunk groups of vite.config.ts become. Written only when CAMPUS_CHUNK_GRAPH=1 (the browser lane's
 * build), to `.vite/chunk-graph.json` beside the build: production builds do not publish their source layout.
 */
export interface ChunkGraph {
  readonly chunks: ReadonlyArray<{
    readonly file: string;
    readonly name: string;
    readonly isEntry: boolean;
    /** Source modules, relative to the project (node_modules/… for dependencies). */
    readonly modules: readonly string[];
    /** Chunks this one imports statically (loaded with it). */
    readonly imports: readonly string[];
  }>;
  /** Every lazy import (`import()`) between modules. */
  readonly dynamicImports: ReadonlyArray<{ readonly from: string; readonly to: string }>;
}

export const CHUNK_GRAPH_FILE = ".vite/chunk-graph.json";

export function chunkGraph(): Plugin {
  let root = process.cwd();
  const name = (id: string) => relative(root, id.replace(/\?.*$/, "")).replace(/\\/g, "/");
  return {
    name: "campus-chunk-graph",
    apply: () => process.env.CAMPUS_CHUNK_GRAPH === "1",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [
              {
                file: output.fileName,
                name: output.name,
                isEntry: output.isEntry,
                modules: output.moduleIds.map(name),
                imports: output.imports,
              },
            ]
          : [],
      );
      const dynamicImports = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? output.moduleIds.flatMap((id) =>
              (this.getModuleInfo(id)?.dynamicallyImportedIds ?? []).map((to) => ({ from: name(id), to: name(to) })),
            )
          : [],
      );
      const graph: ChunkGraph = { chunks, dynamicImports };
      this.emitFile({ type: "asset", fileName: CHUNK_GRAPH_FILE, source: `${JSON.stringify(graph, null, 1)}\n` });
    },
  };
}
