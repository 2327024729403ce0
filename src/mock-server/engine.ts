import type { KindId } from "../api/kind-ids";
import type { DemoDb } from "./db";
import { openDatabase } from "./open";
import { saveSnapshot, type Snapshot } from "./persist";
import type { Backend } from "./router";
import { allRoutes } from "./routes";
import type { SeedOptions } from "./seeds";
import type { SnapshotStore } from "./snapshot-store";

/**
 * One running demo backend: its database, saved after each request's changes, and its reset. The page runs it
 * in a web worker (demo-backend-worker.ts, reached through demo-worker.ts); tests and Node run it in their own thread
 * (index.ts). Both answer with the same router.
 */
export interface EngineOptions {
  /** Seed of the sample data. */
  readonly seed: number;
  /** Extra demands per kind on top of the 90 seeded ones. */
  readonly bulk: number;
  readonly pageSize: number;
  /** Keep the database in the store across reloads. */
  readonly persist: boolean;
  readonly store?: SnapshotStore;
  /** Make every kind now (tests) rather than on first use. */
  readonly atOnce: boolean;
  readonly tokenTtlMs?: number;
  readonly now?: () => number;
  /** Told when the store refuses the database (storage full or disabled): it lives on in memory. */
  readonly onStorageLoss?: () => void;
}

/** A card's check token, as browser tests and trainers read it. */
export interface DemoCardToken {
  readonly id: string;
  readonly code: string;
  readonly valid: boolean;
  readonly token: string;
}

export interface DemoEngine {
  readonly backend: Backend;
  /** Seeded data again (dates lead up to now), nothing stored; sessions of users that still exist are kept. */
  readonly reset: () => void;
  /** Stops saving (a newer engine took over). */
  readonly stop: () => void;
}

export const DEFAULT_SEED = 2026;
/** Items per page of paged lists. */
export const DEFAULT_PAGE_SIZE = 10;

/** Applies the session options (token lifetime, clock) to a database. */
export const withSessions = (db: DemoDb, options: Pick<EngineOptions, "tokenTtlMs" | "now">): DemoDb => {
  if (options.tokenTtlMs !== undefined) db.sessionTtlMs = options.tokenTtlMs;
  if (options.now) db.now = options.now;
  return db;
};

export const startEngine = (options: EngineOptions): DemoEngine => {
  const opened = openDatabase({
    seed: options.seed,
    bulk: options.bulk,
    persist: options.persist,
    ...(options.store ? { store: options.store } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  if (options.atOnce) opened.db.reindex();
  const backend: Backend = { db: withSessions(opened.db, options), pageSize: options.pageSize, routes: allRoutes() };
  let seedOptions: SeedOptions = opened.seedOptions;
  // The stored kinds, written back while a kind is not open (see open.ts).
  let saved: Snapshot["kinds"] = opened.saved;
  let stopped = false;

  const save = (): void => {
    if (stopped || !options.persist) return;
    if (!saveSnapshot(backend.db, seedOptions, saved, options.store)) options.onStorageLoss?.();
  };
  // At most once per tick, after the changes of a request.
  let queued = false;
  const scheduleSave = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      save();
    });
  };
  backend.db.onChange = scheduleSave;
  save();

  return {
    backend,
    reset: () => {
      options.store?.clear();
      const fresh = openDatabase({
        seed: seedOptions.seed,
        bulk: seedOptions.bulk,
        persist: false,
        now: backend.db.now,
      });
      const db = withSessions(fresh.db, { now: backend.db.now, tokenTtlMs: backend.db.sessionTtlMs });
      const userIds = new Set(db.users.map((u) => u.id));
      db.data.sessions = Object.fromEntries(
        Object.entries(backend.db.data.sessions).filter(([, id]) => userIds.has(id)),
      );
      db.onChange = scheduleSave;
      backend.db = db;
      seedOptions = fresh.seedOptions;
      saved = {};
      save();
    },
    stop: () => {
      stopped = true;
    },
  };
};

/** Seeded and created cards of a kind with their check tokens. */
export const cardTokens = (engine: DemoEngine, kind: KindId): DemoCardToken[] =>
  engine.backend.db.cards(kind).map((c) => ({ id: c.id, code: c.code, valid: c.valid, token: c.token }));
