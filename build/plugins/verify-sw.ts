import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * The offline checker's service worker (`/verify-sw.js`, docs/signed-qr.md): src/verify-worker/service-worker.ts,
 * compiled by the build as a chunk of its own (type-checked and linted as the app is). Vite hashes the file names, so
 * the list of what it keeps is written into the compiled worker here, once the bundle is known.
 *
 * What it keeps: the page (`/verify`, answered by the app shell), config.json, the manifest and its icons, and the
 * app's scripts, styles and translations, which a page of the app may need (the router, the demo backend in a
 * demo build, the camera's decoder and its worker). Not kept: what only makes PDFs (pdf-lib and fontkit, the card
 * renderer and its fonts), a few megabytes a checker never uses.
 */
export const VERIFY_SW_FILE = "verify-sw.js";

const SOURCE = fileURLToPath(new URL("../../src/verify-worker/service-worker.ts", import.meta.url));
/** The identifier the worker's source declares for what is written in here. */
const PLACEHOLDER = "__VERIFY_SW_MANIFEST__";

/** A module that only makes PDFs: its chunk is left out of the cache. */
const pdfOnly =
  /node_modules[\\/](pdf-lib|@pdf-lib|fontkit|@pdf-lib[\\/]fontkit|pako|brotli|restructure|unicode-trie)[\\/]/;
/** Files the demo backend's worker loads only to draw a card PDF (emitted from the worker's own build, no module ids). */
const pdfAssets = /(^|\/)(render|compose)-[\w-]+\.js$|\.(ttf|otf)$/;
const kept = /\.(js|css|json)$/;

/** What the worker is told (src/verify-worker/service-worker.ts `Manifest`). */
export interface VerifySwManifest {
  readonly cache: string;
  readonly page: string;
  readonly precache: readonly string[];
  readonly assets: string;
}

export const verifySwManifest = (base: string, files: readonly string[]): VerifySwManifest => {
  const page = `${base}verify`;
  const precache = [
    page,
    `${base}config.json`,
    `${base}verify.webmanifest`,
    `${base}images/verify-192.png`,
    `${base}images/verify-512.png`,
    `${base}favicon.svg`,
    ...files.map((f) => `${base}${f}`),
  ];
  const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
  return { cache: `campus-verify-${version}`, page, precache, assets: `${base}assets/` };
};

export function verifyServiceWorker(): Plugin {
  let base = "/";
  return {
    name: "campus-verify-sw",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: "chunk", id: SOURCE, fileName: VERIFY_SW_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[VERIFY_SW_FILE];
      if (worker?.type !== "chunk") return this.error(`${VERIFY_SW_FILE} was not compiled`);
      // A classic script: the browser runs a service worker registered without `type: "module"` as one.
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0)
        return this.error(
          `${VERIFY_SW_FILE} must import nothing: ${[...worker.imports, ...worker.dynamicImports].join(", ")}`,
        );
      const files = Object.values(bundle)
        .filter((item) => kept.test(item.fileName) && item.fileName.startsWith("assets/"))
        .filter((item) => !pdfAssets.test(item.fileName))
        .filter((item) => item.type !== "chunk" || !item.moduleIds.some((id) => pdfOnly.test(id)))
        .map((item) => item.fileName)
        .sort();
      const uses = worker.code.split(PLACEHOLDER).length - 1;
      if (uses !== 1) return this.error(`${VERIFY_SW_FILE} names ${PLACEHOLDER} ${uses} times, not once`);
      worker.code = worker.code.replace(PLACEHOLDER, JSON.stringify(verifySwManifest(base, files)));
    },
  };
}
