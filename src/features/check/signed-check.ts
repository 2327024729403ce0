import type { SignedQrKeys } from "../../api/schemas/signed-qr";
import type { KindId } from "../../api/kind-ids";
import { isKindId } from "../../kinds/ids";
import { checkSignedUrl, parseSignedCheckUrl } from "../../signed/fragment";
import { keysAt } from "../../signed/key-dates";
import { keepKindKeys, readKeptTrust } from "../../browser/verify-trust";
import type { SignedCheck } from "../../machines/card-check-signed";

/**
 * The check page's reading of a signed QR's fragment (extension `signed-qr`, docs/signed-qr.md): the signature
 * checked with WebCrypto against the issuer's published keys, before and beside the online check. No schema library
 * and no state machine: the entry starts this as soon as config.json is in, and its chunk stays small. The keys come
 * from what the browser keeps (src/browser/verify-trust.ts, shared with /verify) when a visit has fetched them before (then
 * refreshed for the next visit), so a repeat visit verifies without waiting for the network; they are fetched by the
 * API layer's call, loaded only when needed.
 */

export interface SignedCheckDeps {
  /** The kind's JWKS path (paths.ts `signedQrKeys`). */
  readonly keysPath: string;
  readonly now?: Date;
  /** The published keys; by default the API layer's call (api/endpoints/signed-qr.ts). */
  readonly fetchKeys?: () => Promise<SignedQrKeys>;
}

const fetchKeysOf = (deps: SignedCheckDeps) => async (kind: KindId | null) => {
  const fetched = deps.fetchKeys
    ? await deps.fetchKeys()
    : await import("../../api/endpoints/signed-qr").then(({ getSignedQrKeys }) =>
        getSignedQrKeys({ paths: { signedQrKeys: deps.keysPath } }),
      );
  if (kind) keepKindKeys(kind, fetched);
  return fetched;
};

const verdictWith = async (href: string, jwks: SignedQrKeys, now: Date): Promise<SignedCheck> => {
  const keys = await keysAt(jwks, now);
  // The online check answers for revocation: the page reads no list.
  const verdict = await checkSignedUrl(href, { keys, revocations: null, now });
  switch (verdict?.verdict) {
    case "valid":
    case "staleList":
      return { status: "genuine", claims: verdict.claims, demoKey: verdict.demoKey };
    case "expired":
      return { status: "expired", claims: verdict.claims, when: verdict.when };
    case "unknownKey":
      return verdict.aheadFrom === undefined
        ? { status: "unknownKey" }
        : { status: "unknownKey", aheadFrom: verdict.aheadFrom };
    default:
      return { status: "forged" };
  }
};

/**
 * The signed verdict on the page's address, or null without a signed fragment. Kept keys first; a kid they lack
 * sends for the published ones (a key may have been added since). "unavailable": no keys could be had.
 */
export const verifyCheckFragment = async (href: string, deps: SignedCheckDeps): Promise<SignedCheck | null> => {
  const signed = parseSignedCheckUrl(href);
  if (!signed) return null;
  const now = deps.now ?? new Date();
  const kind = isKindId(signed.kind) ? signed.kind : null;
  const fetchKeys = fetchKeysOf(deps);
  const kept = kind ? readKeptTrust()[kind]?.jwks : undefined;
  if (kept) {
    const verdict = await verdictWith(href, kept, now);
    if (verdict.status !== "unknownKey") {
      // Refreshed for the next visit (a key withdrawn since); this one has its answer.
      fetchKeys(kind).catch(() => {});
      return verdict;
    }
  }
  let fresh: SignedQrKeys;
  try {
    fresh = await fetchKeys(kind);
  } catch {
    return kept ? { status: "unknownKey" } : { status: "unavailable" };
  }
  return verdictWith(href, fresh, now);
};
