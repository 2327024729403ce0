import type { KindId } from "../api/kind-ids";
import type { CardRecord, DemandRecord, DemoSigningKey, Sequences, UserRecord } from "./models";

/**
 * The demo database's snapshot as stored: what persist.ts writes and reads, and what the snapshot
 * store and the worker carry as text. Its own module so the store need not import persistence to name it.
 */

/** What one kind keeps: the seeded cards' tokens (by card sequence) and the records that differ from the seed. */
export interface KindSnapshot {
  tokens: string[];
  demands: DemandRecord[];
  cards: CardRecord[];
}

export interface Snapshot {
  v: number;
  seed: number;
  bulk: number;
  anchor: number;
  /** The secret the seeded cards' tokens derive from (seeds.ts); absent from snapshots of older versions. */
  tokenSecret?: string;
  users: UserRecord[];
  sessions: Record<string, number>;
  photos: Record<string, string>;
  seq: Sequences;
  kinds: Partial<Record<KindId, KindSnapshot>>;
  /** The demo signing key (extension `signed-qr`), once made. */
  signingKey?: DemoSigningKey;
}
