import type { Server } from "miragejs";
import type { KindId } from "../api/paths";
import { DemoDb } from "./db";
import { startMirage } from "./mirage";
import { clearSnapshot, loadSnapshot, saveSnapshot, seedTokens } from "./persist";
import { dispatch, type Backend } from "./router";
import { allRoutes } from "./routes";
import { DEMO_PASSWORDS, seedData, type SeedOptions } from "./seeds";

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
  tokens: string[];
}

let running: Running | null = null;

export const DEFAULT_SEED = 2026;
export const DEFAULT_PAGE_SIZE = 10;

const save = (r: Running, db: DemoDb = r.backend.db): void => {
  if (r.persist && !saveSnapshot(db, r.seedOptions, r.tokens)) r.onStorageLoss?.();
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

const openDb = (seed: number, bulk: number, persist: boolean) => {
  const saved = persist ? loadSnapshot({ seed, bulk }) : null;
  if (saved) {
    const db = new DemoDb(saved.data);
    saved.dirty.demands.forEach((id) => db.dirty.demands.add(id));
    saved.dirty.cards.forEach((id) => db.dirty.cards.add(id));
    return { db, seedOptions: { seed, bulk, anchor: saved.anchor }, tokens: saved.tokens };
  }
  const seedOptions = { seed, bulk, anchor: Date.now() };
  const data = seedData(seedOptions);
  return { db: new DemoDb(data), seedOptions, tokens: seedTokens(data) };
};

/** A backend without Mirage, e.g. behind a node:http server for contract tests; answer with `dispatch`. */
/** Applies the session options (token lifetime, clock) to a database. */
const withSessions = (db: DemoDb, options: Pick<DemoServerOptions, "tokenTtlMs" | "now">): DemoDb => {
  if (options.tokenTtlMs !== undefined) db.sessionTtlMs = options.tokenTtlMs;
  if (options.now) db.now = options.now;
  return db;
};

export const createDemoBackend = (options: Pick<DemoServerOptions, "seed" | "bulk" | "pageSize" | "tokenTtlMs" | "now"> = {}): Backend => ({
  db: withSessions(openDb(options.seed ?? DEFAULT_SEED, options.bulk ?? 0, false).db, options),
  pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
  routes: allRoutes(),
});
export { dispatch };

/** Starts (or restarts) the demo server. */
export const startDemoServer = (options: DemoServerOptions = {}): DemoServer => {
  running?.server.shutdown();
  const environment = options.environment ?? "development";
  const persist = options.persist ?? environment === "development";
  const opened = openDb(options.seed ?? DEFAULT_SEED, Math.max(0, Math.floor(options.bulk ?? 0)), persist);
  const backend: Backend = { db: withSessions(opened.db, options), pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE, routes: allRoutes() };
  const server = startMirage(backend, { environment, logging: options.logging ?? false, timing: options.latency ?? (environment === "test" ? 0 : 250) });
  const state: Running = { server, backend, persist, onStorageLoss: options.onStorageLoss, seedOptions: opened.seedOptions, tokens: opened.tokens };
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
 * that still exist are kept, so resetting does not log the demo user out.
 */
export const resetDemoData = (): void => {
  clearSnapshot();
  const r = running;
  if (!r) return;
  const { seed, bulk } = r.seedOptions;
  const seedOptions = { seed, bulk, anchor: Date.now() };
  const data = seedData(seedOptions);
  const userIds = new Set(data.users.map((u) => u.id));
  data.sessions = Object.fromEntries(Object.entries(r.backend.db.data.sessions).filter(([, id]) => userIds.has(id)));
  const db = new DemoDb(data);
  db.onChange = scheduleSave;
  r.backend.db = db;
  r.seedOptions = seedOptions;
  r.tokens = seedTokens(data);
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
