import type { SignedQrJwk, SignedQrKeys } from "../api/schemas/signed-qr";
import { toBase64url, fromBase64url, toHex } from "./base64url";

/**
 * Issuer keys: ECDSA P-256 through WebCrypto (`globalThis.crypto.subtle`, the same in browsers and Node 24). A page
 * that is not a secure context (plain http other than localhost: the classroom's LAN address) has no `subtle`: there
 * the checker verifies with src/browser/p256-fallback.ts, a plain-JavaScript library loaded only then. A key's id (`kid`) is the first 8 bytes of the SHA-256 of its public point in
 * uncompressed form (0x04 ‖ x ‖ y), so anyone holding the public key can compute it.
 */

/** A public key as the issuer publishes it (RFC 7517, plus the days it signs cards for: api/schemas/signed-qr.ts). */
export interface PublicJwk extends SignedQrJwk {
  readonly kty: "EC";
  readonly crv: "P-256";
  readonly alg: "ES256";
  readonly use: "sig";
  readonly valid_from: string;
  readonly valid_until: string;
}

/** A private signing key with its id, as the backend holds it. */
export interface SigningKey {
  readonly kid: Uint8Array;
  readonly privateKey: CryptoKey;
}

/** A key a verifier trusts, by the hex of its id. */
export interface VerifyingKey {
  readonly kid: Uint8Array;
  /** The public point, 0x04 ‖ x ‖ y. */
  readonly point: Uint8Array;
  /** WebCrypto's key; null on a page without `crypto.subtle`, where `point` is checked by src/browser/p256-fallback.ts. */
  readonly publicKey: CryptoKey | null;
  readonly demo: boolean;
  /** Its published first day, when that starts ahead of the device's clock (key-dates.ts): it verifies nothing yet. */
  readonly aheadFrom?: string;
}

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
/** WebCrypto where the page has it: browsers leave `subtle` out of pages that are not secure contexts. */
const webCrypto = (): SubtleCrypto | null => {
  const crypto: Partial<Crypto> | undefined = globalThis.crypto;
  return crypto?.subtle ?? null;
};
const fallback = () => import("../browser/p256-fallback");
const ecdsa = { name: "ECDSA", namedCurve: "P-256" } as const;
const algorithm = { name: "ECDSA", hash: "SHA-256" } as const;

/** SHA-256 of 0x04 ‖ x ‖ y, first 8 bytes. */
export const kidOfPoint = async (uncompressed: Uint8Array): Promise<Uint8Array> => {
  const webSubtle = webCrypto();
  const digest = webSubtle
    ? new Uint8Array(await webSubtle.digest("SHA-256", new Uint8Array(uncompressed)))
    : (await fallback()).sha256(uncompressed);
  return digest.slice(0, 8);
};

/** Whether `signature` (raw r ‖ s) is `key`'s ES256 signature over `data`. */
export const verifyEs256 = async (key: VerifyingKey, signature: Uint8Array, data: Uint8Array): Promise<boolean> => {
  const webSubtle = webCrypto();
  if (webSubtle && key.publicKey)
    return webSubtle.verify(algorithm, key.publicKey, new Uint8Array(signature), new Uint8Array(data));
  return (await fallback()).verifyP256(signature, data, key.point);
};

/** The key WebCrypto checks with, or null without WebCrypto; throws for a point that is not on the curve. */
const importPoint = async (point: Uint8Array): Promise<CryptoKey | null> => {
  const webSubtle = webCrypto();
  if (!webSubtle) {
    if (!(await fallback()).isCurvePoint(point)) throw new Error("not a point on P-256");
    return null;
  }
  return webSubtle.importKey("raw", new Uint8Array(point), ecdsa, false, ["verify"]);
};

const pointOfJwk = (jwk: { x?: string; y?: string }): Uint8Array | null => {
  const x = fromBase64url(jwk.x ?? "");
  const y = fromBase64url(jwk.y ?? "");
  if (!x || !y || x.length !== 32 || y.length !== 32) return null;
  return Uint8Array.from([4, ...x, ...y]);
};

export const kidHex = (kid: Uint8Array): string => toHex(kid);

/** The key id of a public JWK, computed from its coordinates (never read from its `kid`). */
export const kidOfJwk = async (jwk: { x?: string; y?: string }): Promise<Uint8Array | null> => {
  const point = pointOfJwk(jwk);
  return point ? kidOfPoint(point) : null;
};

/** Imports a private JWK (with `d`) for signing. */
export const signingKeyFromJwk = async (jwk: JsonWebKey): Promise<SigningKey> => {
  const kid = await kidOfJwk(jwk);
  if (!kid) throw new Error("not a P-256 key");
  const privateKey = await subtle().importKey("jwk", jwk, ecdsa, false, ["sign"]);
  return { kid, privateKey };
};

/** A new P-256 key pair as a private JWK (what a demo database keeps). */
export const generatePrivateJwk = async (): Promise<JsonWebKey> => {
  const pair = await subtle().generateKey(ecdsa, true, ["sign", "verify"]);
  return subtle().exportKey("jwk", pair.privateKey);
};

/** The published form of a private JWK: no `d`, its computed kid, the days it is valid. */
export const publicJwk = async (
  jwk: JsonWebKey,
  validity: { readonly from: string; readonly until: string },
  demo = false,
): Promise<PublicJwk> => {
  const kid = await kidOfJwk(jwk);
  if (!kid || jwk.x === undefined || jwk.y === undefined) throw new Error("not a P-256 key");
  return {
    kty: "EC",
    crv: "P-256",
    x: jwk.x,
    y: jwk.y,
    kid: toBase64url(kid),
    alg: "ES256",
    use: "sig",
    valid_from: validity.from,
    valid_until: validity.until,
    ...(demo ? { demo: true } : {}),
  };
};

/**
 * The keys of a JWKS a verifier can use: P-256 keys whose published kid matches their coordinates. Anything else is
 * skipped (a key we cannot check is a key we do not trust).
 */
export const verifyingKeys = async (jwks: SignedQrKeys): Promise<VerifyingKey[]> => {
  const keys: VerifyingKey[] = [];
  for (const jwk of jwks.keys) {
    if (jwk.kty !== "EC" || jwk.crv !== "P-256") continue;
    const point = pointOfJwk(jwk);
    const kid = point ? await kidOfPoint(point) : null;
    if (!point || !kid || jwk.kid !== toBase64url(kid)) continue;
    try {
      keys.push({ kid, point, publicKey: await importPoint(point), demo: jwk.demo === true });
    } catch {
      /* not a point on the curve: skipped */
    }
  }
  return keys;
};
