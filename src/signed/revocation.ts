import { decodeCbor, encodeCbor, isCborArray, isCborMap, type CborValue } from "./cbor";
import { signSign1, verifySign1 } from "./cose";
import type { SigningKey, VerifyingKey } from "./keys";

/**
 * The signed revocation list: one rule per entry, "cards with this code and a sequence below N are revoked". A lost,
 * stolen or replaced card gets a new sequence; every older print of it stops being valid. Signed like the cards
 * (COSE_Sign1, ES256), so a checker can keep it offline and trust it later.
 */
export interface RevocationEntry {
  readonly code: string;
  /** Sequences strictly below this one are revoked. */
  readonly below: number;
  /** Why, when the issuer says: "lost", "stolen", "replaced", "withdrawn", or its own word. */
  readonly reason: string | null;
}

export interface RevocationList {
  /** Unix seconds (UTC) the issuer produced the list. */
  readonly issuedAt: number;
  readonly entries: readonly RevocationEntry[];
}

export const LIST_VERSION = 1;
/** A list older than this many days no longer vouches for a card: the verdict says how old it is (docs/assumptions.md). */
export const STALE_AFTER_DAYS = 7;

const K = { version: 1, issuedAt: 2, entries: 3 } as const;

export const encodeRevocationList = (list: RevocationList): Uint8Array =>
  encodeCbor(
    new Map<number, CborValue>([
      [K.version, LIST_VERSION],
      [K.issuedAt, list.issuedAt],
      [K.entries, list.entries.map((e) => (e.reason === null ? [e.code, e.below] : [e.code, e.below, e.reason]))],
    ]),
  );

export const signRevocationList = (list: RevocationList, key: SigningKey): Promise<Uint8Array> =>
  signSign1(encodeRevocationList(list), key);

const decodeEntry = (value: CborValue): RevocationEntry | null => {
  if (!isCborArray(value) || value.length < 2 || value.length > 3) return null;
  const [code, below, reason = null] = value;
  if (typeof code !== "string" || typeof below !== "number" || below < 0) return null;
  if (reason !== null && typeof reason !== "string") return null;
  return { code, below, reason };
};

export const decodeRevocationList = (bytes: Uint8Array): RevocationList | null => {
  let map: CborValue;
  try {
    map = decodeCbor(bytes);
  } catch {
    return null;
  }
  if (!isCborMap(map) || map.get(K.version) !== LIST_VERSION) return null;
  const issuedAt = map.get(K.issuedAt);
  const raw = map.get(K.entries);
  if (typeof issuedAt !== "number" || issuedAt < 0 || !isCborArray(raw)) return null;
  const entries: RevocationEntry[] = [];
  for (const item of raw) {
    const entry = decodeEntry(item);
    if (!entry) return null;
    entries.push(entry);
  }
  return { issuedAt, entries };
};

/** The list when its signature is genuine (by a key the checker holds), otherwise null: a checker then keeps its older one. */
export const verifyRevocationList = async (
  message: Uint8Array,
  keys: readonly VerifyingKey[],
): Promise<RevocationList | null> => {
  const result = await verifySign1(message, keys);
  return result.ok ? decodeRevocationList(result.payload) : null;
};

/** The entry that revokes this card's print, if any. */
export const revocationOf = (
  list: RevocationList,
  card: { readonly code: string; readonly sequence: number },
): RevocationEntry | null => list.entries.find((e) => e.code === card.code && card.sequence < e.below) ?? null;

/** How far ahead of the device a list's date may be (clocks differ a little); further ahead, it is refused. */
export const MAX_CLOCK_SKEW_SECONDS = 600;

/** Whether the list was issued more than the clock skew after `now`: an issuer's clock error, not trusted. */
export const listFromFuture = (list: RevocationList, now: Date): boolean =>
  list.issuedAt > now.getTime() / 1000 + MAX_CLOCK_SKEW_SECONDS;

/** Whether the list is older than exactly 7 × 24 h. */
export const listStale = (list: RevocationList, now: Date): boolean =>
  now.getTime() / 1000 - list.issuedAt > STALE_AFTER_DAYS * 86_400;

/** Whole days since the list was issued (0 for a list from the future: a clock set wrong does not make it stale). */
export const listAgeDays = (list: RevocationList, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() / 1000 - list.issuedAt) / 86_400));
