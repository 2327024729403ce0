import { startModuleWorker } from "../browser/offline-worker";
// oxlint-disable-next-line import/default -- Vite answers `?worker&url` with the built worker's address
import demoBackendWorkerUrl from "./demo-backend-worker.ts?worker&url";
import type { KindId } from "../api/kind-ids";
import type { DemoCardToken } from "./engine";
import { startMirage } from "./mirage";
import { browserSnapshotStore } from "./snapshot-store";
import type { FromWorker, Replies, StartOptions, ToWorker } from "./worker-protocol";

/**
 * The page's side of the demo backend: the backend itself runs in a web worker (demo-backend-worker.ts), so seeding and
 * answering never block the page; Mirage carries each request of the app to it and back. The worker has no
 * localStorage: it is handed the stored snapshot when it starts and sends each new one here to be stored.
 */
export interface DemoClient {
  /** Seeded data again, nothing stored (the caller reloads the page). */
  readonly reset: () => Promise<void>;
  /** Seeded and created cards of a kind with their check tokens (browser tests, trainers). */
  readonly cards: (kind: KindId) => Promise<readonly DemoCardToken[]>;
  /** The check token of a card (printed in its QR code; never in card JSON). */
  readonly cardToken: (kind: KindId, cardId: string) => Promise<string | undefined>;
}

export interface DemoWorkerOptions {
  readonly bulk?: number;
  /** Answer delay in ms. Default 250 (like a real network). */
  readonly latency?: number;
  /** Told when the browser refuses to keep the database (storage full or disabled): it lives on in memory. */
  readonly onStorageLoss?: () => void;
}

type Call = ToWorker extends infer M ? (M extends { readonly id: number } ? Omit<M, "id"> : never) : never;

export const startDemoWorker = async (options: DemoWorkerOptions = {}): Promise<DemoClient> => {
  // Offline (the checker, /verify, opened with no network) the script comes through the service worker's cache.
  const worker = await startModuleWorker(demoBackendWorkerUrl, { name: "demo-backend" });
  const pending = new Map<number, { resolve: (value: never) => void; reject: (reason: Error) => void }>();
  let nextId = 0;
  const call = <T extends Call["type"]>(message: Extract<Call, { type: T }>): Promise<Replies[T]> =>
    new Promise<Replies[T]>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    if (data.type === "save") {
      if (!browserSnapshotStore.write(data.snapshot)) options.onStorageLoss?.();
    } else if (data.type === "clear") browserSnapshotStore.clear();
    else {
      pending.get(data.id)?.resolve(data.value as never);
      pending.delete(data.id);
    }
  };
  // A worker that cannot load (a policy forbids it, a file is missing) fails the start: the app shows an error.
  worker.onerror = (event) => {
    event.preventDefault();
    const error = new Error(`The demo backend's worker failed: ${event.message || "it could not be loaded"}`);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const startOptions: StartOptions = { bulk: Math.max(0, Math.floor(options.bulk ?? 0)), clock: Date.now() };
  const { prefixes } = await call({ type: "start", options: startOptions, stored: browserSnapshotStore.read() });
  startMirage(
    { prefixes, answer: (request) => call({ type: "request", request: { ...request, url: request.url.href } }) },
    { environment: "development", logging: false, timing: options.latency ?? 250 },
  );
  const cards = (kind: KindId) => call({ type: "cards", kind });
  return {
    reset: () => call({ type: "reset" }),
    cards,
    cardToken: async (kind, cardId) => (await cards(kind)).find((c) => c.id === cardId)?.token,
  };
};
