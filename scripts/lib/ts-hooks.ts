/**
 * Lets plain Node 24 run the app's TypeScript sources (src/**) from a script, without Vite or a build:
 *
 * - resolve: relative imports written the bundler way (`./db`, `../api`) get `.ts`, `.tsx` or `/index.ts`
 *   appended, as Vite and `moduleResolution: "Bundler"` do;
 * - load: project `.ts` files are compiled with Node's own `module.stripTypeScriptTypes` in "transform" mode,
 *   which also handles constructor parameter properties (`constructor(public data: …)`), which Node's default
 *   type stripping refuses. Node versions without that mode (26+) fall back to the Oxc transformer of rolldown,
 *   which ships with Vite 8 (`CAMPUS_TS_COMPILER=oxc` forces it).
 *
 * Synchronous in-thread hooks (`module.registerHooks`, Node ≥ 22.15): no loader thread, no extra dependency.
 * Call `registerTsHooks()` before the first dynamic `import()` of a source module.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire, registerHooks, stripTypeScriptTypes } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const isRelative = (specifier: string) =>
  specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/");

let registered = false;

type Compile = (source: string, url: string) => string;

/** Node's own TypeScript transform (Node 22.13 – 25). */
const nodeTransform: Compile = (source, url) =>
  stripTypeScriptTypes(source, { mode: "transform", sourceMap: true, sourceUrl: url } as unknown as Parameters<
    typeof stripTypeScriptTypes
  >[1]);

/** Oxc through rolldown, the bundler inside Vite 8 (resolved from vite, so no extra dependency). */
const oxcTransform = (): Compile => {
  const fromVite = createRequire(createRequire(import.meta.url).resolve("vite/package.json"));
  const { transformSync } = fromVite("rolldown/utils") as {
    transformSync: (file: string, source: string, options: object) => { code: string; errors: Error[] };
  };
  return (source, url) => {
    const result = transformSync(fileURLToPath(url), source, { lang: "ts", sourcemap: false });
    if (result.errors.length > 0) throw new Error(`${url}: ${result.errors.map((e) => e.message).join("; ")}`);
    return result.code;
  };
};

const pickCompiler = (): Compile => {
  if (process.env.CAMPUS_TS_COMPILER !== "oxc") {
    try {
      nodeTransform("class A { constructor(public a: number) {} }", "file:///probe.ts");
      return nodeTransform;
    } catch {
      /* this Node has no transform mode */
    }
  }
  return oxcTransform();
};

/** Silences the one ExperimentalWarning of stripTypeScriptTypes (the output is otherwise noise for users). */
const quietTypeStrippingWarning = () => {
  const emit = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/stripTypeScriptTypes|Type Stripping/i.test(text)) return;
    (emit as (...args: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
};

export const registerTsHooks = (): void => {
  if (registered) return;
  registered = true;
  quietTypeStrippingWarning();
  const compile = pickCompiler();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (
        isRelative(specifier) &&
        context.parentURL?.startsWith("file:") &&
        !/\.[cm]?[jt]sx?$|\.json$/.test(specifier)
      ) {
        const base = fileURLToPath(new URL(specifier, context.parentURL));
        for (const ext of EXTENSIONS) {
          if (isFile(base + ext)) return nextResolve(pathToFileURL(base + ext).href, context);
        }
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (url.startsWith("file:") && /\.tsx?$/.test(url) && !url.includes("/node_modules/")) {
        const source = readFileSync(fileURLToPath(url), "utf8");
        return { format: "module", source: compile(source, url), shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
};
