/**
 * The only environment-specific part of the card renderer: getting the TTF bytes.
 *
 * The URLs are written as `new URL("./fonts/…", import.meta.url)`, which both worlds understand:
 * - Vite (dev and build) turns it into a hashed static asset next to the demo chunk, downloaded only when the
 *   first card PDF is rendered. `?inline` would instead put ~2 MB of base64 into the JS chunk, and `?url`
 *   imports do not run in Node.
 * - Node and Vitest (whose module URL is a `file:` URL) read the file from disk.
 *
 * In the browser the bytes are read with XMLHttpRequest and `responseType = "arraybuffer"`, not `fetch`: while
 * the Mirage demo backend runs, pretender replaces both; its passthrough forwards an arraybuffer XHR intact,
 * whereas its fetch polyfill asks for a blob, which passthrough does not forward, so binary bodies come back
 * mangled as text. Without Mirage the XHR is simply the browser's own.
 */
import type { CardFonts } from "./types.ts";

/** Browser: URLs of the font assets (this literal form is what Vite rewrites to the emitted asset). */
export const cardFontUrls = {
  regular: new URL("./fonts/DejaVuSans.ttf", import.meta.url),
  bold: new URL("./fonts/DejaVuSans-Bold.ttf", import.meta.url),
} as const;

const fontFiles = { regular: "DejaVuSans.ttf", bold: "DejaVuSans-Bold.ttf" } as const;

/**
 * Node and Vitest: the module itself is a file (Vitest's jsdom mode rewrites the literal URLs above to
 * http://localhost:3000/…, so the file URL is built from a non-literal here, which Vite leaves alone).
 */
const runsFromDisk = (): boolean => import.meta.url.startsWith("file:");
const fileUrlOf = (name: string): URL => {
  const dir = "./fonts/";
  return new URL(dir + name, import.meta.url);
};

const readFromDisk = async (url: URL): Promise<Uint8Array> => {
  // Hidden from the bundler: this branch only runs under Node.
  const specifier = "node:fs/promises";
  const fs = (await import(/* @vite-ignore */ specifier)) as typeof import("node:fs/promises");
  const buffer = await fs.readFile(url);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};

const download = (url: string): Promise<Uint8Array> => {
  if (typeof XMLHttpRequest === "undefined") {
    return globalThis.fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`Card font ${url}: HTTP ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    });
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", url);
    xhr.responseType = "arraybuffer";
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (
        xhr.status >= 200 &&
        xhr.status < 300 &&
        body !== null &&
        typeof (body as ArrayBuffer).byteLength === "number"
      ) {
        resolve(new Uint8Array(body as ArrayBuffer));
      } else reject(new Error(`Card font ${url}: HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error(`Card font ${url}: network error`));
    xhr.send();
  });
};

/** Reads one font file from a file: URL (Node) or over HTTP (browser). */
export const readFontBytes = (url: URL): Promise<Uint8Array> =>
  url.protocol === "file:" ? readFromDisk(url) : download(url.href);

const loadFont = (key: keyof typeof fontFiles): Promise<Uint8Array> =>
  readFontBytes(runsFromDisk() ? fileUrlOf(fontFiles[key]) : cardFontUrls[key]);

let cached: Promise<CardFonts> | undefined;

/**
 * DejaVu Sans regular and bold, loaded once and kept (the same byte arrays every time, which also lets the
 * renderer reuse the parsed fonts). A failed load is not cached, so a later call retries.
 */
export const loadCardFonts = (): Promise<CardFonts> => {
  cached ??= Promise.all([loadFont("regular"), loadFont("bold")]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      cached = undefined;
      throw error;
    },
  );
  return cached;
};
