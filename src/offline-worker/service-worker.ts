/**
 * The service worker of a page that opens with no network once installed: the guards' checker (`/verify-sw.js`,
 * docs/signed-qr.md) and the holder's digital card (`/digital-card-sw.js`). Compiled by the build as a chunk of its own
 * (build/plugins/offline-sw.ts), which writes in each page's own list of what to keep: Vite hashes the file names, so
 * the list is known only then.
 *
 * A scope is a prefix: `/verify` also covers `/verify.webmanifest`, `/verify-sw.js` and `/verify/…`. The worker answers
 * only its page (a navigation to `/verify` itself, whatever its query or fragment) and the files it keeps; every
 * other request, navigations elsewhere under the prefix included, is left to the network, and only its page is ever
 * kept as its page. The page and the non-hashed files come from the network first (a
 * deployment's update is seen at once online), the hashed files from the cache first; API calls go to the network.
 */

/** What the build writes in (build/plugins/offline-sw.ts `OfflineSwManifest`). */
interface Manifest {
  /** What this page's caches are named after: a new cache drops only its own page's old ones. */
  readonly cachePrefix: string;
  /** The cache's name: the list's hash, so a new build's worker starts a new cache and drops the old ones. */
  readonly cache: string;
  /** Its page: `${base}verify`. */
  readonly page: string;
  /** Every file kept at install, the page first. */
  readonly precache: readonly string[];
  /** The hashed files' folder: `${base}assets/`. */
  readonly assets: string;
}

declare const __OFFLINE_SW_MANIFEST__: Manifest;

/** What the worker uses of its global scope (lib.webworker is not in the app's TypeScript program). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}

const manifest = __OFFLINE_SW_MANIFEST__;
/** A weak signal at a gate must not hold the page: the network gets this long, then the kept copy answers. */
const NETWORK_WAIT_MS = 3000;

const isWorkerScope = (scope: object): scope is WorkerScope => "skipWaiting" in scope && "clients" in scope;
/** The worker's scope; null where this module is evaluated elsewhere (it then does nothing). */
const workerScope = (scope: object): WorkerScope | null => (isWorkerScope(scope) ? scope : null);
const worker = workerScope(globalThis);

const kept = new Set(manifest.precache);

const precache = async () => {
  const cache = await caches.open(manifest.cache);
  await cache.addAll(manifest.precache.map((url) => new Request(url, { cache: "reload" })));
};

const dropOldCaches = async () => {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(manifest.cachePrefix) && name !== manifest.cache)
      .map((name) => caches.delete(name)),
  );
};

const withinNetworkWait = (request: Request): Promise<Response> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("slow network")), NETWORK_WAIT_MS);
    fetch(request).then(
      (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** The network first, kept under `key` when it answers well; the kept copy when it fails or is slow. */
const freshFirst = async (request: Request, key: string): Promise<Response> => {
  const cache = await caches.open(manifest.cache);
  try {
    const answer = await withinNetworkWait(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    // ignoreVary: a file kept at install (no Origin header) answers a module script's CORS request (Vary: Origin).
    const copy = await cache.match(key, { ignoreVary: true });
    if (copy) return copy;
    throw error;
  }
};

/** The kept copy first (a hashed file never changes), the network for one not kept yet. */
const keptFirst = async (request: Request): Promise<Response> => {
  const cache = await caches.open(manifest.cache);
  const copy = await cache.match(request, { ignoreVary: true });
  if (copy) return copy;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
};

/** How the worker answers a request, or null when the network does, as if there were no worker. */
const answerFor = (request: Request): Promise<Response> | null => {
  if (request.method !== "GET" || !worker) return null;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return null;
  if (request.mode === "navigate") return url.pathname === manifest.page ? freshFirst(request, manifest.page) : null;
  if (url.pathname.startsWith(manifest.assets)) return keptFirst(request);
  if (kept.has(url.pathname)) return freshFirst(request, url.pathname);
  return null;
};

if (worker) {
  worker.addEventListener("install", (event) => {
    event.waitUntil(precache().then(() => worker.skipWaiting()));
  });
  worker.addEventListener("activate", (event) => {
    event.waitUntil(dropOldCaches().then(() => worker.clients.claim()));
  });
  worker.addEventListener("fetch", (event) => {
    const answer = answerFor(event.request);
    if (answer) event.respondWith(answer);
  });
}

export {};
