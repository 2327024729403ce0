import { kindIds } from "../api/paths";
import type { DemoDb } from "./db";
import type { CardRecord, DemandRecord, DemoData, Sequences, UserRecord } from "./models";
import { seedData, type SeedOptions } from "./seeds";

/**
 * Browser persistence in localStorage, kept compact: the seed is regenerated from its options on load, so the
 * snapshot holds only what differs from it (changed or new demands and cards, users, sessions, uploaded photos)
 * plus the seeded cards' random tokens. Seed avatars are never stored.
 */
export const STORAGE_KEY = "campus-card.demo-db";
const VERSION = 1;

interface Snapshot {
  v: number;
  seed: number;
  bulk: number;
  anchor: number;
  /** Tokens of the seeded cards, in seed order (kind, then card sequence). */
  tokens: string[];
  users: UserRecord[];
  sessions: Record<string, number>;
  photos: Record<string, string>;
  seq: Sequences;
  demands: DemandRecord[];
  cards: CardRecord[];
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

/** Seeded cards in a stable order: by kind, then by card sequence. */
const seededCards = (data: DemoData): CardRecord[] =>
  kindIds.flatMap((k) => [...data.cards[k]].sort((a, b) => a.seq - b.seq));

export const seedTokens = (data: DemoData): string[] => seededCards(data).map((c) => c.token);

/** Stores the snapshot; answers false when the browser refused some or all of it (the demo goes on in memory). */
export const saveSnapshot = (db: DemoDb, options: SeedOptions, tokens: readonly string[]): boolean => {
  const store = storage();
  if (!store) return false;
  const { data } = db;
  const snapshot: Snapshot = {
    v: VERSION,
    seed: options.seed,
    bulk: options.bulk,
    anchor: options.anchor,
    tokens: [...tokens],
    users: data.users,
    sessions: data.sessions,
    photos: data.photos,
    seq: data.seq,
    demands: kindIds.flatMap((k) => data.demands[k].filter((d) => db.dirty.demands.has(d.id))),
    cards: kindIds.flatMap((k) => data.cards[k].filter((c) => db.dirty.cards.has(c.id))),
  };
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(snapshot));
    return true;
  } catch {
    // Over quota (large uploaded photos): keep everything but the uploads.
    try {
      store.setItem(STORAGE_KEY, JSON.stringify({ ...snapshot, photos: {} }));
    } catch {
      /* nothing more to do: the demo keeps working in memory */
    }
    return false;
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

/** The persisted database for these seed options, or null when none matches (then the caller seeds afresh). */
export const loadSnapshot = (
  options: Omit<SeedOptions, "anchor">,
): { data: DemoData; anchor: number; tokens: string[]; dirty: { demands: string[]; cards: string[] } } | null => {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Snapshot;
    if (s.v !== VERSION || s.seed !== options.seed || s.bulk !== options.bulk) return null;
    const data = seedData({ seed: s.seed, bulk: s.bulk, anchor: s.anchor });
    const cards = seededCards(data);
    if (cards.length !== s.tokens.length) return null;
    cards.forEach((c, i) => (c.token = s.tokens[i] ?? c.token));
    for (const k of kindIds) {
      data.demands[k] = merge(data.demands[k], s.demands.filter((d) => d.kind === k));
      data.cards[k] = merge(data.cards[k], s.cards.filter((c) => c.kind === k));
    }
    Object.assign(data, { users: s.users, sessions: s.sessions, photos: s.photos, seq: s.seq });
    return { data, anchor: s.anchor, tokens: s.tokens, dirty: { demands: s.demands.map((d) => d.id), cards: s.cards.map((c) => c.id) } };
  } catch {
    return null;
  }
};

export const clearSnapshot = (): void => {
  storage()?.removeItem(STORAGE_KEY);
};
