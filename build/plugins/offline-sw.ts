import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * The service workers of the pages that open with no network once installed: the guards' checker (`/verify-sw.js`,
 * docs/signed-qr.md) and the holder's digital card (`/digital-card-sw.js`, docs/extensions.md). One source,
 * src/offline-worker/service-worker.ts, compiled by the build as a chunk of its own (type-checked and linted as the
 * app is); each page's worker is that code with its own list written in, once the bundle is known (Vite hashes the
 * file names).
 *
 * What a worker keeps: its page (answered by the app shell), config.json, its manifest and icons, and the app's
 * scripts, styles and translations, which a page of the app may need (the router, the demo backend in a demo build,
 * the camera's decoder and its worker). Not kept: what only makes PDFs (pdf-lib and fontkit, the card renderer and its
 * fonts), a few megabytes neither page uses.
 */

/** A page that works offline: its path under the base, and the files named after it. */
interface OfflinePage {
  /** `verify`: the page `/verify`, its worker `/verify-sw.js`, its manifest `/verify.webmanifest`. */
  readonly name: string;
  /** Its manifest's icons, under the base. */
  readonly icons: readonly string[];
}

export const OFFLINE_PAGES: readonly OfflinePage[] = [
  { name: "verify", icons: ["images/verify-192.png", "images/verify-512.png"] },
  { name: "digital-card", icons: ["images/card-192.png", "images/card-512.png"] },
];

export const workerFileOf = (page: OfflinePage): string => `${page.name}-sw.js`;

const SOURCE = fileURLToPath(new URL("../../src/offline-worker/service-worker.ts", import.meta.url));
/** The identifier the worker's source declares for what is written in here. */
const PLACEHOLDER = "__OFFLINE_SW_MANIFEST__";

/** A module that only makes PDFs: its chunk is left out of the cache. */
const pdfOnly =
  /node_modules[\\/](pdf-lib|@pdf-lib|fontkit|@pdf-lib[\\/]fontkit|pako|brotli|restructure|unicode-trie)[\\/]/;
/** Files the demo backend's worker loads only to draw a card PDF (emitted from the worker's own build, no module ids). */
const pdfAssets = /(^|\/)(render|compose)-[\w-]+\.js$|\.(ttf|otf)$/;
const kept = /\.(js|css|json)$/;

/** What a worker is told (src/offline-worker/service-worker.ts `Manifest`). */
export interface OfflineSwManifest {
  readonly cachePrefix: string;
  readonly cache: string;
  readonly page: string;
  readonly precache: readonly string[];
  readonly assets: string;
}

export const offlineSwManifest = (page: OfflinePage, base: string, files: readonly string[]): OfflineSwManifest => {
  const path = `${base}${page.name}`;
  const precache = [
    path,
    `${base}config.json`,
    `${base}${page.name}.webmanifest`,
    ...page.icons.map((icon) => `${base}${icon}`),
    `${base}favicon.svg`,
    ...files.map((f) => `${base}${f}`),
  ];
  const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
  const cachePrefix = `campus-${page.name}-`;
  return { cachePrefix, cache: `${cachePrefix}${version}`, page: path, precache, assets: `${base}assets/` };
};

export function offlineServiceWorkers(): Plugin {
  let base = "/";
  const [first, ...others] = OFFLINE_PAGES;
  const compiled = workerFileOf(first!);
  return {
    name: "campus-offline-sw",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: "chunk", id: SOURCE, fileName: compiled });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[compiled];
      if (worker?.type !== "chunk") return this.error(`${compiled} was not compiled`);
      // A classic script: the browser runs a service worker registered without `type: "module"` as one.
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0)
        return this.error(
          `${compiled} must import nothing: ${[...worker.imports, ...worker.dynamicImports].join(", ")}`,
        );
      const files = Object.values(bundle)
        .filter((item) => kept.test(item.fileName) && item.fileName.startsWith("assets/"))
        .filter((item) => !pdfAssets.test(item.fileName))
        .filter((item) => item.type !== "chunk" || !item.moduleIds.some((id) => pdfOnly.test(id)))
        .map((item) => item.fileName)
        .sort();
      const uses = worker.code.split(PLACEHOLDER).length - 1;
      if (uses !== 1) return this.error(`${compiled} names ${PLACEHOLDER} ${uses} times, not once`);
      const code = worker.code;
      const codeFor = (page: OfflinePage) =>
        code.replace(PLACEHOLDER, JSON.stringify(offlineSwManifest(page, base, files)));
      worker.code = codeFor(first!);
      for (const page of others) this.emitFile({ type: "asset", fileName: workerFileOf(page), source: codeFor(page) });
    },
  };
}
