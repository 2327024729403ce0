import { readStoredSignedKeys, writeStoredSignedKeys } from "../../browser/local-storage";
import { checkSignedUrl, parseSignedCheckUrl } from "../../signed/fragment";
import { keysInService } from "../../signed/key-dates";
import { verifyingKeys, type PublishedJwks } from "../../signed/keys";
import type { SignedCheck } from "../../machines/card-check-signed";

/**
 * The public check page's reading of a signed QR's fragment (extension `signed-qr`, docs/signed-qr.md): the
 * signature checked with WebCrypto against the issuer's published keys, before and beside the online check. No
 * schema library and no state machine: the entry starts this as soon as config.json is in, and its chunk stays
 * small. The keys come from local storage when a visit has fetched them before (then refreshed for the next
 * visit), so a repeat visit verifies without waiting for the network.
 */

export interface SignedCheckDeps {
  /** The absolute URL of the kind's JWKS (`{root}/signed-qr/keys/`). */
  readonly keysUrl: string;
  readonly now?: Date;
  readonly fetcher?: (url: string) => Promise<Response>;
}

const isJwks = (value: unknown): value is PublishedJwks =>
  typeof value === "object" &&
  value !== null &&
  "keys" in value &&
  Array.isArray(value.keys) &&
  value.keys.every((key: unknown) => typeof key === "object" && key !== null);

const fetchJwks = async (deps: SignedCheckDeps): Promise<PublishedJwks> => {
  const fetcher = deps.fetcher ?? ((url: string) => globalThis.fetch(url, { headers: { accept: "application/json" } }));
  const response = await fetcher(deps.keysUrl);
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isJwks(body)) throw new Error("not a JWKS");
  writeStoredSignedKeys(deps.keysUrl, body);
  return body;
};

const verdictWith = async (href: string, jwks: PublishedJwks, now: Date): Promise<SignedCheck> => {
  const keys = await verifyingKeys(keysInService(jwks, now));
  // The online check answers for revocation: the page reads no list.
  const verdict = await checkSignedUrl(href, { keys, revocations: null, now });
  switch (verdict?.verdict) {
    case "valid":
    case "staleList":
      return { status: "genuine", claims: verdict.claims, demoKey: verdict.demoKey };
    case "expired":
      return { status: "expired", claims: verdict.claims, when: verdict.when };
    case "unknownKey":
      return { status: "unknownKey" };
    default:
      return { status: "forged" };
  }
};

/** True when the address carries a signed fragment (`#s1.`): only then is there anything to verify. */
export const hasSignedFragment = (href: string): boolean => parseSignedCheckUrl(href) !== null;

/**
 * The signed verdict on the page's address, or null without a signed fragment. Keys from storage first; a kid they
 * lack sends for the published ones (a key may have been added since). "unavailable": no keys could be had.
 */
export const verifyCheckFragment = async (href: string, deps: SignedCheckDeps): Promise<SignedCheck | null> => {
  if (!hasSignedFragment(href)) return null;
  const now = deps.now ?? new Date();
  const stored = readStoredSignedKeys(deps.keysUrl);
  if (isJwks(stored)) {
    const verdict = await verdictWith(href, stored, now);
    if (verdict.status !== "unknownKey") {
      // Refreshed for the next visit (a key withdrawn since); this one has its answer.
      fetchJwks(deps).catch(() => {});
      return verdict;
    }
  }
  let fresh: PublishedJwks;
  try {
    fresh = await fetchJwks(deps);
  } catch {
    return isJwks(stored) ? { status: "unknownKey" } : { status: "unavailable" };
  }
  return verdictWith(href, fresh, now);
};
