import { Result, Schema } from "effect";
import type { KindId } from "../api/kind-ids";

/**
 * A print batch: the cards an agent gathers for the next sheets, per agent and kind, kept in the browser
 * (localStorage) across reloads until printed or cleared. Only what the batch screen lists is kept: the PDFs
 * are fetched when sheets are made.
 */

export const BatchCard = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  register: Schema.String,
  name: Schema.String,
  /** Faculty (students, teachers) or service (staff) id, when known. */
  group: Schema.NullOr(Schema.Number),
  printCount: Schema.Number,
});
export type BatchCard = Schema.Schema.Type<typeof BatchCard>;

/** At most this many cards in a batch: 20 sheets of 10, what one enrolment day's printing holds. */
export const MAX_BATCH = 400;

/** A batch as read back: at most MAX_BATCH cards, and how many the stored text held (more: it was tampered with). */
export interface StoredBatch {
  readonly cards: readonly BatchCard[];
  readonly stored: number;
}

const Stored = Schema.Struct({ version: Schema.Literal(1), cards: Schema.Array(BatchCard) });
const Envelope = Schema.Struct({ version: Schema.Literal(1), cards: Schema.Array(Schema.Unknown) });
const emptyBatch: StoredBatch = { cards: [], stored: 0 };

/** Cut to MAX_BATCH before the cards are decoded: a batch of 30,000 costs no more than one of 400. */
const decodeStored = (raw: string): StoredBatch => {
  try {
    const envelope = Schema.decodeUnknownResult(Envelope)(JSON.parse(raw));
    if (Result.isFailure(envelope)) return emptyBatch;
    const { cards } = envelope.success;
    const decoded = Schema.decodeUnknownResult(Stored)({ version: 1, cards: cards.slice(0, MAX_BATCH) });
    return Result.isSuccess(decoded) ? { cards: decoded.success.cards, stored: cards.length } : emptyBatch;
  } catch {
    return emptyBatch;
  }
};

const PREFIX = "campus-card.print-batch.";
const agentPrefix = (username: string) => `${PREFIX}${encodeURIComponent(username)}.`;
const keyOf = (username: string, kind: KindId) => `${agentPrefix(username)}${kind}`;

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
/** Batches the browser refused to store: kept in memory until the page is reloaded. */
const memory = new Map<string, readonly BatchCard[]>();
let version = 0;

/** The batch with the size its stored text had, for the print screen to say when it was cut. */
export const readStoredBatch = (username: string, kind: KindId): StoredBatch => {
  const key = keyOf(username, kind);
  const unsaved = memory.get(key);
  if (unsaved) return { cards: unsaved, stored: unsaved.length };
  try {
    const raw = storage()?.getItem(key) ?? null;
    return raw === null ? emptyBatch : decodeStored(raw);
  } catch {
    return emptyBatch;
  }
};

export const readBatch = (username: string, kind: KindId): readonly BatchCard[] =>
  readStoredBatch(username, kind).cards;

/** Forgets every batch of an agent (signing out: office PCs are shared); other agents' batches stay. */
export const forgetBatches = (username: string): void => {
  const prefix = agentPrefix(username);
  for (const key of memory.keys()) if (key.startsWith(prefix)) memory.delete(key);
  try {
    const store = storage();
    if (store) {
      const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
        (key): key is string => key?.startsWith(prefix) ?? false,
      );
      for (const key of keys) store.removeItem(key);
    }
  } catch {
    // Storage the browser refuses to touch holds nothing of ours.
  }
  version++;
  listeners.forEach((listener) => listener());
};

/** Replaces the batch; answers false when the browser refused to store it (it lives on in memory). */
export const writeBatch = (username: string, kind: KindId, cards: readonly BatchCard[]): boolean => {
  const key = keyOf(username, kind);
  version++;
  let stored = false;
  try {
    const store = storage();
    if (store) {
      if (cards.length === 0) store.removeItem(key);
      else store.setItem(key, JSON.stringify({ version: 1, cards }));
      stored = true;
    }
  } catch {
    stored = false;
  }
  if (stored) memory.delete(key);
  else memory.set(key, cards);
  listeners.forEach((listener) => listener());
  return stored;
};

export const subscribeBatches = (listener: () => void): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) {
      version++;
      listener();
    }
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
};

/** Changes on every write, for useSyncExternalStore. */
export const batchesVersion = (): number => version;

/** Adds cards not yet in the batch, at its end, up to MAX_BATCH; answers the batch and how many were added. */
export const addToBatch = (
  batch: readonly BatchCard[],
  cards: readonly BatchCard[],
): { batch: BatchCard[]; added: number; full: boolean } => {
  const known = new Set(batch.map((card) => card.id));
  const next = [...batch];
  let added = 0;
  let full = false;
  for (const card of cards) {
    if (known.has(card.id)) continue;
    if (next.length >= MAX_BATCH) {
      full = true;
      break;
    }
    known.add(card.id);
    next.push(card);
    added++;
  }
  return { batch: next, added, full };
};

export type BatchOrder = "name" | "code";

export const sortBatch = (batch: readonly BatchCard[], order: BatchOrder, locale: string): BatchCard[] => {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  return [...batch].sort((a, b) =>
    order === "name"
      ? collator.compare(a.name, b.name) || collator.compare(a.code, b.code)
      : collator.compare(a.code, b.code),
  );
};

/** Drops the cards whose print was confirmed; the others stay for the next sheet. */
export const withoutCards = (batch: readonly BatchCard[], ids: Iterable<string>): BatchCard[] => {
  const gone = new Set(ids);
  return batch.filter((card) => !gone.has(card.id));
};
