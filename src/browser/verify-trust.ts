import { kindIds, type KindId } from "../api/kind-ids";
import {
  isSignedQrKeys,
  isSignedRevocationList,
  type SignedQrKeys,
  type SignedRevocationList,
} from "../api/schemas/signed-qr";
import { readStoredSignedTrust, writeStoredSignedTrust } from "./local-storage";
import { fromBase64url } from "../signed/base64url";
import type { VerifyingKey } from "../signed/keys";
import { listFromFuture, verifyRevocationList, type RevocationList } from "../signed/revocation";
import { keysAt, keysInService } from "../signed/key-dates";

/**
 * What the signed QR's checkers trust, per kind: the issuer's JWKS and its newest signed revocation list, as the
 * backend published them (extension `signed-qr`, docs/signed-qr.md). Kept in localStorage under one key, so /verify
 * works with no network and the check page verifies a repeat visit at once; /verify refreshes keys and list while
 * open, the check page its kind's keys (it reads no list: its online check answers for revocation).
 */
export interface KindTrust {
  readonly jwks: SignedQrKeys;
  /** The newest list whose signature verified with `jwks`, or null before the first one. */
  readonly list: SignedRevocationList | null;
}

export type StoredTrust = Partial<Record<KindId, KindTrust>>;

/** Keys and list ready to verify with (CryptoKeys imported, the list's signature checked). */
export interface PreparedKindTrust {
  readonly keys: readonly VerifyingKey[];
  readonly list: RevocationList | null;
}

export interface Trust {
  readonly stored: StoredTrust;
  readonly prepared: Partial<Record<KindId, PreparedKindTrust>>;
}

export const EMPTY_TRUST: Trust = { stored: {}, prepared: {} };

const isKindTrust = (value: unknown): value is KindTrust =>
  typeof value === "object" &&
  value !== null &&
  "jwks" in value &&
  isSignedQrKeys(value.jwks) &&
  "list" in value &&
  (value.list === null || isSignedRevocationList(value.list));

/** What a storage gives back, decoded kind by kind: a kind whose entry is unreadable is simply not trusted. */
export const decodeStoredTrust = (raw: string | null): StoredTrust => {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? "null");
  } catch {
    return {};
  }
  if (typeof value !== "object" || value === null) return {};
  const stored: StoredTrust = {};
  for (const kind of kindIds) {
    const entry: unknown = Reflect.get(value, kind);
    if (isKindTrust(entry)) stored[kind] = entry;
  }
  return stored;
};

/** The trust the browser keeps. */
export const readKeptTrust = (): StoredTrust => decodeStoredTrust(readStoredSignedTrust());

/** Keeps `stored` for the next visit of either checker. */
export const keepTrust = (stored: StoredTrust): void => writeStoredSignedTrust(JSON.stringify(stored));

/** Keeps a kind's freshly published keys beside its kept list (re-verified with them whenever it is prepared). */
export const keepKindKeys = (kind: KindId, jwks: SignedQrKeys): void => {
  const stored = readKeptTrust();
  keepTrust({ ...stored, [kind]: { jwks, list: stored[kind]?.list ?? null } });
};

const listOf = async (list: SignedRevocationList | null, keys: readonly VerifyingKey[]) => {
  const bytes = list ? fromBase64url(list.cose) : null;
  // A key dated ahead vouches for no list (a card it signed is refused with its date: key-dates.ts).
  return bytes ? verifyRevocationList(bytes, keysInService(keys)) : null;
};

export const prepareTrust = async (stored: StoredTrust, now: Date): Promise<Trust> => {
  const prepared: Trust["prepared"] = {};
  for (const kind of kindIds) {
    const entry = stored[kind];
    if (!entry) continue;
    const keys = await keysAt(entry.jwks, now);
    prepared[kind] = { keys, list: await listOf(entry.list, keys) };
  }
  return { stored, prepared };
};

export interface Fetched {
  readonly jwks: SignedQrKeys;
  readonly list: SignedRevocationList;
}

/**
 * A fresh JWKS replaces the kept one; a fresh list replaces the kept one only when its signature verifies and it is
 * not older (a checker keeps the newest list it can trust).
 */
export const mergeKindTrust = async (kept: KindTrust | undefined, fetched: Fetched, now: Date): Promise<KindTrust> => {
  const keys = await keysAt(fetched.jwks, now);
  const fresh = await listOf(fetched.list, keys);
  const keptList = kept ? await listOf(kept.list, keys) : null;
  // A kept list dated ahead of the device (an issuer's clock error) never outranks a later one.
  const old = keptList && !listFromFuture(keptList, now) ? keptList : null;
  const list = fresh && (!old || fresh.issuedAt >= old.issuedAt) ? fetched.list : old ? (kept?.list ?? null) : null;
  return { jwks: fetched.jwks, list };
};
