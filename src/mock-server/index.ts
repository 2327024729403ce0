import type { Server } from "miragejs";
import type { KindId } from "../api/kind-ids";
import type { DemoDb } from "./db";
import { DEFAULT_PAGE_SIZE, DEFAULT_SEED, startEngine, withSessions, type DemoEngine } from "./engine";
import { startMirage } from "./mirage";
import { openDatabase } from "./open";
import { clearSnapshot } from "./persist";
import { backendPrefixes, dispatch, type Backend } from "./router";
import { allRoutes } from "./routes";
import { browserSnapshotStore } from "./snapshot-store";

/**
 * The embedded demo backend in the calling thread: every endpoint of docs/spec.md §7 answered by Mirage over a seeded,
 * optionally persisted database. Tests and Node use it; the app runs the same engine in a web worker
 * (demo-worker.ts). See README.md beside this file.
 */
export interface DemoServerOptions {
  /** "test" has no latency and does not persist unless `persist` says so. Default "development". */
  readonly environment?: "development" | "test";
  /** Seed of the sample data. Default 2026. */
  readonly seed?: number;
  /** Extra demands per kind on top of the 90 seeded ones (e.g. 10 000 for performance work). Default 0. */
  readonly bulk?: number;
  /** Keep the database in localStorage across reloads. Default: true in development, false in test. */
  readonly persist?: boolean;
  /** Items per page of paged lists. Default 10. */
  readonly pageSize?: number;
  /** Answer delay in ms. Default 250 in development (like a real network), 0 in test. */
  readonly latency?: number;
  /** Lifetime of a signed-in token in ms. Default DEFAULT_SESSION_TTL_MS (8 hours). */
  readonly tokenTtlMs?: number;
  /** The clock of token lifetimes and sign-in throttling. Default Date.now. */
  readonly now?: () => number;
  /** Mirage request logging. Default false. */
  readonly logging?: boolean;
  /** Told when the browser refuses to keep the database (storage full or disabled): it lives on in memory. */
  readonly onStorageLoss?: () => void;
}

export interface DemoServer {
  readonly mirage: Server;
  /** The live database (read it in tests; change it only through the API). */
  readonly db: DemoDb;
  readonly shutdown: () => void;
}

let running: { readonly engine: DemoEngine; readonly server: Server } | null = null;

export { DEFAULT_PAGE_SIZE, DEFAULT_SEED };

/** A backend without Mirage, e.g. behind a node:http server for contract tests; answer with `dispatch`. */
export const createDemoBackend = (
  options: Pick<DemoServerOptions, "seed" | "bulk" | "pageSize" | "tokenTtlMs" | "now"> = {},
): Backend => {
  const { db } = openDatabase({
    seed: options.seed ?? DEFAULT_SEED,
    bulk: Math.max(0, Math.floor(options.bulk ?? 0)),
    persist: false,
  });
  db.reindex(); // every kind at once: Node has no page to keep responsive
  return { db: withSessions(db, options), pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, routes: allRoutes() };
};
export { dispatch };

/**
 * Starts (or restarts) the demo server. In "development" each kind's records are made when a request first
 * needs them, in short slices; in "test" everything at once.
 */
export const startDemoServer = (options: DemoServerOptions = {}): DemoServer => {
  running?.server.shutdown();
  running?.engine.stop();
  const environment = options.environment ?? "development";
  const engine = startEngine({
    seed: options.seed ?? DEFAULT_SEED,
    bulk: Math.max(0, Math.floor(options.bulk ?? 0)),
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    persist: options.persist ?? environment === "development",
    store: browserSnapshotStore,
    atOnce: environment === "test",
    ...(options.tokenTtlMs !== undefined ? { tokenTtlMs: options.tokenTtlMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.onStorageLoss ? { onStorageLoss: options.onStorageLoss } : {}),
  });
  const server = startMirage(
    { prefixes: backendPrefixes(engine.backend.routes), answer: (req) => dispatch(engine.backend, req) },
    { environment, logging: options.logging ?? false, timing: options.latency ?? (environment === "test" ? 0 : 250) },
  );
  const state = { engine, server };
  running = state;
  return {
    mirage: server,
    get db() {
      return engine.backend.db;
    },
    shutdown: () => {
      server.shutdown();
      engine.stop();
      if (running === state) running = null;
    },
  };
};

/**
 * Restores the seeded data (dates lead up to now) and clears what was persisted. Signed-in sessions of users
 * that still exist are kept, so resetting does not log the demo user out. The kinds are seeded again when next
 * used.
 */
export const resetDemoData = (): void => {
  if (running) running.engine.reset();
  else clearSnapshot();
};

/** The check token of a card (printed in its QR code; never in card JSON), for tests and trainers. */
export const demoCardToken = (kind: KindId, cardId: string): string | undefined =>
  running?.engine.backend.db.card(kind, cardId)?.token;

export type { DemoDb } from "./db";
