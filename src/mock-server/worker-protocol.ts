import type { KindId } from "../api/kind-ids";
import type { DemoCardToken } from "./engine";
import type { DemoRequest, DemoResponse } from "./http";
import type { Snapshot } from "./persist";

/** The messages between the page (demo-worker.ts) and the demo backend's worker (demo-backend-worker.ts). */

/** A request as it crosses to the worker: URL objects do not survive structured cloning, their text does. */
export type WireRequest = Omit<DemoRequest, "params" | "url"> & { readonly url: string };

export interface StartOptions {
  /** Extra demands per kind on top of the 90 seeded ones. */
  readonly bulk: number;
  /**
   * The page's Date.now() when it starts the worker: the demo backend's clock follows the page's, so a browser test
   * that moves the page's clock (Playwright's does not reach workers) moves the backend's with it.
   */
  readonly clock: number;
}

/** Page to worker; each carries an id its reply repeats. */
export type ToWorker =
  | { readonly type: "start"; readonly id: number; readonly options: StartOptions; readonly stored: string | null }
  | { readonly type: "request"; readonly id: number; readonly request: WireRequest }
  | { readonly type: "reset"; readonly id: number }
  | { readonly type: "cards"; readonly id: number; readonly kind: KindId };

/** What each request type is answered with. */
export interface Replies {
  readonly start: { readonly prefixes: readonly string[] };
  readonly request: DemoResponse;
  readonly reset: undefined;
  readonly cards: readonly DemoCardToken[];
}

/** Worker to page: a reply, or a snapshot for the page to store (the worker has no localStorage). */
export type FromWorker =
  | { readonly type: "reply"; readonly id: number; readonly value: Replies[keyof Replies] }
  | { readonly type: "save"; readonly snapshot: Snapshot }
  | { readonly type: "clear" };
