import { Schema } from "effect";
import { kindIds, type KindId } from "../api/kind-ids";
import { SignedQrKeys, SignedRevocationList } from "../api/schemas/signed-qr";
import { fromBase64url } from "../signed/base64url";
import { verifyingKeys, type VerifyingKey } from "../signed/keys";
import { listFromFuture, verifyRevocationList, type RevocationList } from "../signed/revocation";
import { keysInService } from "../signed/key-dates";

/**
 * What the offline checker (/verify) trusts, per kind: the issuer's JWKS and its newest signed revocation list, as
 * the backend published them (extension `signed-qr`, docs/signed-qr.md). Kept in localStorage so the checker works
 * with no network; refreshed on each online open and when the network returns.
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

export const TRUST_STORAGE_KEY = "campus.verify.trust";

const KindTrustSchema = Schema.Struct({ jwks: SignedQrKeys, list: Schema.NullOr(SignedRevocationList) });
const decodeKindTrust = Schema.decodeUnknownOption(KindTrustSchema);

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
    const entry = decodeKindTrust(Reflect.get(value, kind));
    if (entry._tag === "Some") stored[kind] = entry.value;
  }
  return stored;
};

/** A key is trusted within its published days only, as on the check page (docs/signed-qr.md, *Keys*). */
const keysInForce = (jwks: SignedQrKeys, now: Date): SignedQrKeys => keysInService(jwks, now);

const listOf = async (list: SignedRevocationList | null, keys: readonly VerifyingKey[]) => {
  const bytes = list ? fromBase64url(list.cose) : null;
  return bytes ? verifyRevocationList(bytes, keys) : null;
};

export const prepareTrust = async (stored: StoredTrust, now: Date): Promise<Trust> => {
  const prepared: Trust["prepared"] = {};
  for (const kind of kindIds) {
    const entry = stored[kind];
    if (!entry) continue;
    const keys = await verifyingKeys(keysInForce(entry.jwks, now));
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
  const keys = await verifyingKeys(keysInForce(fetched.jwks, now));
  const fresh = await listOf(fetched.list, keys);
  const keptList = kept ? await listOf(kept.list, keys) : null;
  // A kept list dated ahead of the device (an issuer's clock error) never outranks a later one.
  const old = keptList && !listFromFuture(keptList, now) ? keptList : null;
  const list = fresh && (!old || fresh.issuedAt >= old.issuedAt) ? fetched.list : old ? (kept?.list ?? null) : null;
  return { jwks: fetched.jwks, list };
};
