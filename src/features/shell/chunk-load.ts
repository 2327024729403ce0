/**
 * Failed lazy chunks (docs/spec.md §8): after a deploy, or offline, `import()` of a route chunk rejects. Browsers word it
 * differently: Chromium "Failed to fetch dynamically imported module", Safari "Importing a module script failed",
 * Firefox "error loading dynamically imported module"; Vite's preload helper "Unable to preload CSS".
 */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Unable to preload CSS/i,
];

export const isChunkLoadError = (error: unknown): boolean => {
  if (!error) return false;
  const message =
    typeof error === "string"
      ? error
      : typeof error === "object" && "message" in error && typeof error.message === "string"
        ? error.message
        : "";
  if (typeof error === "object" && "name" in error && error.name === "ChunkLoadError") return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
};

const RELOAD_KEY = "campus-card:chunk-reload";

/**
 * Reloads the page once per tab session to pick up the new chunks (a stale tab after a deploy). Returns true when a
 * reload was started; false when one already happened recently (then show the ErrorPage with errors:chunkLoad).
 */
export const reloadOnceForChunkError = (reload: () => void = () => window.location.reload()): boolean => {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
};

/** Background loads in flight (loadQuietly): a failure there must not reload a page someone is using. */
let quietLoads = 0;

/**
 * Runs `load`, a chunk fetched ahead of need (in idle time), so that its failure is only its caller's to handle:
 * no reload, which could come while the reader types. The chunk is asked for again when needed, and a failure then
 * reloads as any other does.
 */
export const loadQuietly = async <T>(load: () => Promise<T>): Promise<T> => {
  quietLoads += 1;
  try {
    return await load();
  } finally {
    quietLoads -= 1;
  }
};

/**
 * Listens for Vite's `vite:preloadError` (a chunk's dependencies failed to load) and reloads once instead of
 * letting the import throw. Call once from main.tsx; returns an unsubscribe function.
 */
export const installChunkErrorReload = (reload?: () => void): (() => void) => {
  const onPreloadError = (event: Event) => {
    if (quietLoads > 0) return;
    if (reloadOnceForChunkError(reload)) event.preventDefault();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
};
