import type { Server } from "miragejs";
import type { KindId } from "../api/kind-ids";
import type { DemoDb } from "./db";
import { startMirage } from "./mirage";
import { openDatabase } from "./open";
import { clearSnapshot, saveSnapshot, type Snapshot } from "./persist";
import { dispatch, type Backend } from "./router";
import { allRoutes } from "./routes";
import { DEMO_PASSWORDS, type SeedOptions } from "./seeds";

/**
 * The embedded demo backend: every endpoint of spec §7 answered in the browser by Mirage, over a seeded,
 * optionally persisted database. See README.md beside this file.
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

interface Running {
  readonly server: Server;
  readonly backend: Backend;
  readonly persist: boolean;
  readonly onStorageLoss: (() => void) | undefined;
  seedOptions: SeedOptions;
  /** The stored kinds, written back while a kind is not open (see open.ts). */
  saved: Snapshot["kinds"];
}

let running: Running | null = null;

export const DEFAULT_SEED = 2026;
export const DEFAULT_PAGE_SIZE = 10;

const save = (r: Running, db: DemoDb = r.backend.db): void => {
  if (r.persist && !saveSnapshot(db, r.seedOptions, r.saved)) r.onStorageLoss?.();
};

/** Saves at most once per tick, after the changes of a request. */
const saver = (state: () => Running | null) => {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      const r = state();
      if (r) save(r);
    });
  };
};
const scheduleSave = saver(() => running);

/** Applies the session options (token lifetime, clock) to a database. */
const withSessions = (db: DemoDb, options: Pick<DemoServerOptions, "tokenTtlMs" | "now">): DemoDb => {
  if (options.tokenTtlMs !== undefined) db.sessionTtlMs = options.tokenTtlMs;
  if (options.now) db.now = options.now;
  return db;
};

/** A backend without Mirage, e.g. behind a node:http server for contract tests; answer with `dispatch`. */
export const createDemoBackend = (options: Pick<DemoServerOptions, "seed" | "bulk" | "pageSize" | "tokenTtlMs" | "now"> = {}): Backend => {
  const { db } = openDatabase({ seed: options.seed ?? DEFAULT_SEED, bulk: Math.max(0, Math.floor(options.bulk ?? 0)), persist: false });
  db.reindex(); // every kind at once: Node has no page to keep responsive
  return { db: withSessions(db, options), pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, routes: allRoutes() };
};
export { dispatch };

/**
 * Starts (or restarts) the demo server. In "development" each kind's records are made when a request first
 * needs them, in short slices (no long task on a phone, even with `bulk`); in "test" everything at once.
 */
export const startDemoServer = (options: DemoServerOptions = {}): DemoServer => {
  running?.server.shutdown();
  const environment = options.environment ?? "development";
  const persist = options.persist ?? environment === "development";
  const opened = openDatabase({ seed: options.seed ?? DEFAULT_SEED, bulk: Math.max(0, Math.floor(options.bulk ?? 0)), persist });
  if (environment === "test") opened.db.reindex();
  const backend: Backend = { db: withSessions(opened.db, options), pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, routes: allRoutes() };
  const server = startMirage(backend, { environment, logging: options.logging ?? false, timing: options.latency ?? (environment === "test" ? 0 : 250) });
  const state: Running = { server, backend, persist, onStorageLoss: options.onStorageLoss, seedOptions: opened.seedOptions, saved: opened.saved };
  running = state;
  backend.db.onChange = scheduleSave;
  save(state);
  return {
    mirage: server,
    get db() {
      return backend.db;
    },
    shutdown: () => {
      server.shutdown();
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
  clearSnapshot();
  const r = running;
  if (!r) return;
  const { seed, bulk } = r.seedOptions;
  const opened = openDatabase({ seed, bulk, persist: false });
  const db = withSessions(opened.db, { now: r.backend.db.now, tokenTtlMs: r.backend.db.sessionTtlMs });
  const userIds = new Set(db.users.map((u) => u.id));
  db.data.sessions = Object.fromEntries(Object.entries(r.backend.db.data.sessions).filter(([, id]) => userIds.has(id)));
  db.onChange = scheduleSave;
  r.backend.db = db;
  r.seedOptions = opened.seedOptions;
  r.saved = {};
  save(r, db);
};

/** The check token of a card (printed in its QR code; never in card JSON), for tests and trainers. */
export const demoCardToken = (kind: KindId, cardId: string): string | undefined => running?.backend.db.card(kind, cardId)?.token;

/** Seeded and created cards of a kind with their check tokens, for e2e tests and trainers. */
export const demoCardTokens = (kind: KindId): ReadonlyArray<{ id: string; code: string; valid: boolean; token: string }> =>
  (running?.backend.db.cards(kind) ?? []).map((c) => ({ id: c.id, code: c.code, valid: c.valid, token: c.token }));

/** The demo sign-in accounts (shown on the login page in demo mode); changing a password does not update this. */
export const demoAccounts: ReadonlyArray<{ readonly username: string; readonly password: string; readonly role: string }> = [
  { username: "admin", password: DEMO_PASSWORDS.admin, role: "Admin" },
  { username: "agent", password: DEMO_PASSWORDS.agent, role: "Agent" },
];

export { DEMO_PASSWORDS };
export type { DemoDb } from "./db";
