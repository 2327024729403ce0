/**
 * A module worker that also starts with no network. Chromium does not always hand a dedicated worker's script to the
 * page's service worker (seen with /verify's, docs/signed-qr.md), so offline the script is read through `fetch`,
 * which the service worker answers from its cache, and started from a blob: URL (CSP `worker-src blob:`). Online,
 * the script's own URL, as always. A blob worker resolves relative imports against nothing: a worker whose later
 * imports matter (the demo backend's card renderer) has them only online.
 */
/** `url`: a worker's built address (`import url from "./x.worker.ts?worker&url"`). */
export const startModuleWorker = async (url: string, options: WorkerOptions = {}): Promise<Worker> => {
  if (navigator.onLine) return new Worker(url, { ...options, type: "module" });
  try {
    const script = await (await fetch(url)).blob();
    return new Worker(URL.createObjectURL(new Blob([script], { type: "text/javascript" })), {
      ...options,
      type: "module",
    });
  } catch {
    return new Worker(url, { ...options, type: "module" });
  }
};
