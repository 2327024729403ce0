import { cardTokens, DEFAULT_PAGE_SIZE, DEFAULT_SEED, startEngine, type DemoEngine } from "./engine";
import type { DemoResponse } from "./http";
import { backendPrefixes, dispatch } from "./router";
import type { SnapshotStore } from "./snapshot-store";
import type { FromWorker, ToWorker } from "./worker-protocol";

/**
 * The demo backend's web worker: seeding, indexing and answering 10,000 demands per kind happen here, never on
 * the page's main thread (a phone's page stays responsive; issue #18). The page carries each request over with
 * Mirage and stores the snapshots this worker sends (demo-worker.ts).
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer: Transferable[]): void;
}
const scope = globalThis as unknown as WorkerScope;
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

/** Response bytes (card PDFs, CSV) move to the page instead of being copied. */
const transferOf = (response: DemoResponse): Transferable[] =>
  response.body instanceof Uint8Array &&
  response.body.byteOffset === 0 &&
  response.body.byteLength === response.body.buffer.byteLength
    ? [response.body.buffer]
    : [];

let engine: DemoEngine | null = null;

const serverError = (): DemoResponse => ({
  status: 500,
  headers: { "content-type": "application/json" },
  body: { detail: "A server error occurred." },
});

scope.onmessage = ({ data }) => void answer(data);

const answer = async (data: ToWorker): Promise<void> => {
  switch (data.type) {
    case "start": {
      let stored = data.stored;
      const offset = data.options.clock - Date.now();
      const store: SnapshotStore = {
        read: () => stored,
        write: (snapshot) => {
          post({ type: "save", snapshot });
          return true;
        },
        clear: () => {
          stored = null;
          post({ type: "clear" });
        },
      };
      engine = startEngine({
        seed: DEFAULT_SEED,
        pageSize: DEFAULT_PAGE_SIZE,
        bulk: data.options.bulk,
        persist: true,
        store,
        atOnce: false,
        now: () => Date.now() + offset,
      });
      post({ type: "reply", id: data.id, value: { prefixes: backendPrefixes(engine.backend.routes) } });
      return;
    }
    case "request": {
      let response: DemoResponse;
      try {
        response = engine
          ? await dispatch(engine.backend, { ...data.request, url: new URL(data.request.url) })
          : serverError();
      } catch (error) {
        console.error("Demo server error", error);
        response = serverError();
      }
      post({ type: "reply", id: data.id, value: response }, transferOf(response));
      return;
    }
    case "reset":
      engine?.reset();
      post({ type: "reply", id: data.id, value: undefined });
      return;
    case "cards":
      post({ type: "reply", id: data.id, value: engine ? cardTokens(engine, data.kind) : [] });
      return;
  }
};
