import { kindIds, type KindId } from "../api/kind-ids";
import type { DemoDb } from "./db";
import type { CardRecord, DemandRecord } from "./models";
import { seededCardCount, type KindRecords, type SeedOptions } from "./seeds";
import { browserSnapshotStore, type SnapshotStore } from "./snapshot-store";
import type { KindSnapshot, Snapshot } from "./snapshot";

/**
 * Browser persistence in localStorage, kept compact: the seed is regenerated from its options on load, so the
 * snapshot holds only what differs from it (changed or new demands and cards, users, sessions, uploaded photos)
 * plus the seeded cards' random tokens. Seed avatars are never stored. Each kind's part stands alone: a kind
 * the visitor never opened since the page loaded is written back as it was read (see open.ts).
 */
export { STORAGE_KEY } from "./snapshot-store";
export type { Snapshot } from "./snapshot";
const VERSION = 2;

/** Version 1 kept every kind in one list (tokens in kind order, then card sequence). */
interface SnapshotV1 extends Omit<Snapshot, "kinds"> {
  tokens: string[];
  demands: DemandRecord[];
  cards: CardRecord[];
}

/** A kind's seeded cards' tokens, by card sequence. */
export const seedTokensOf = (cards: readonly CardRecord[]): string[] =>
  [...cards].sort((a, b) => a.seq - b.seq).map((c) => c.token);

/** The kind's part of a snapshot, from what the database holds. */
const kindSnapshot = (db: DemoDb, kind: KindId): KindSnapshot => ({
  tokens: db.seedTokens[kind] ?? [],
  demands: db.demands(kind).filter((d) => db.dirty.demands.has(d.id)),
  cards: db.cards(kind).filter((c) => db.dirty.cards.has(c.id)),
});

/**
 * Stores the snapshot; answers false when the browser refused some or all of it (the demo goes on in memory).
 * Kinds not open yet keep what `previous` held for them.
 */
export const saveSnapshot = (
  db: DemoDb,
  options: SeedOptions,
  previous: Snapshot["kinds"] = {},
  store: SnapshotStore = browserSnapshotStore,
): boolean => {
  const { data } = db;
  const parts: Snapshot["kinds"] = {};
  for (const kind of kindIds) {
    const part = db.isOpen(kind) ? kindSnapshot(db, kind) : previous[kind];
    if (part) parts[kind] = part;
  }
  const snapshot: Snapshot = {
    v: VERSION,
    seed: options.seed,
    bulk: options.bulk,
    anchor: options.anchor,
    ...(options.tokenSecret ? { tokenSecret: options.tokenSecret } : {}),
    users: data.users,
    sessions: data.sessions,
    photos: data.photos,
    seq: data.seq,
    kinds: parts,
    ...(data.signingKey ? { signingKey: data.signingKey } : {}),
  };
  return store.write(snapshot);
};

const fromV1 = (s: SnapshotV1): Snapshot => {
  const perKind = seededCardCount(s.bulk);
  const kinds: Snapshot["kinds"] = {};
  kindIds.forEach((kind, i) => {
    kinds[kind] = {
      tokens: s.tokens.slice(i * perKind, (i + 1) * perKind),
      demands: s.demands.filter((d) => d.kind === kind),
      cards: s.cards.filter((c) => c.kind === kind),
    };
  });
  const { tokens: _t, demands: _d, cards: _c, ...rest } = s;
  return { ...rest, v: VERSION, kinds };
};

/** The stored snapshot for these seed options, or null when none matches (then the caller seeds afresh). */
export const readSnapshot = (
  options: Omit<SeedOptions, "anchor">,
  store: SnapshotStore = browserSnapshotStore,
): Snapshot | null => {
  const raw = store.read();
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Snapshot | SnapshotV1;
    if (parsed.seed !== options.seed || parsed.bulk !== options.bulk) return null;
    if (parsed.v === 1 && "tokens" in parsed) return fromV1(parsed);
    return parsed.v === VERSION && "kinds" in parsed ? parsed : null;
  } catch {
    return null;
  }
};

/** Replaces records of `list` by id and puts new ones first, keeping the snapshot's newest-first order. */
const merge = <R extends { id: string }>(list: R[], saved: R[]): R[] => {
  const byId = new Map(saved.map((r) => [r.id, r]));
  const known = list.map((r) => {
    const s = byId.get(r.id);
    byId.delete(r.id);
    return s ?? r;
  });
  return [...saved.filter((r) => byId.has(r.id)), ...known];
};

/**
 * A kind's seeded records with its saved part laid over them: the seeded cards get their stored tokens back
 * (a part whose token count does not match the seed is ignored), changed and new records replace or join them.
 */
export const restoreKind = (
  seeded: KindRecords,
  saved: KindSnapshot | undefined,
): KindRecords & { dirty: { demands: string[]; cards: string[] } } => {
  const bySeq = [...seeded.cards].sort((a, b) => a.seq - b.seq);
  if (!saved || saved.tokens.length !== bySeq.length) return { ...seeded, dirty: { demands: [], cards: [] } };
  bySeq.forEach((c, i) => (c.token = saved.tokens[i] ?? c.token));
  return {
    demands: merge(seeded.demands, saved.demands),
    cards: merge(seeded.cards, saved.cards),
    dirty: { demands: saved.demands.map((d) => d.id), cards: saved.cards.map((c) => c.id) },
  };
};

export const clearSnapshot = (store: SnapshotStore = browserSnapshotStore): void => store.clear();
