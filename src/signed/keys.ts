import { toBase64url, fromBase64url, toHex } from "./base64url";

/**
 * Issuer keys: ECDSA P-256 through WebCrypto only (`globalThis.crypto.subtle`, the same in browsers and Node 24), so
 * the checker needs no crypto library. A key's id (`kid`) is the first 8 bytes of the SHA-256 of its public point in
 * uncompressed form (0x04 ‖ x ‖ y), so anyone holding the public key can compute it.
 */

/** A public key as the JWKS endpoint publishes it (RFC 7517, plus the days it signs cards for). */
export interface PublicJwk {
  readonly kty: "EC";
  readonly crv: "P-256";
  readonly x: string;
  readonly y: string;
  /** base64url of the 8-byte key id. */
  readonly kid: string;
  readonly alg: "ES256";
  readonly use: "sig";
  /** YYYY-MM-DD: the first and last day a checker trusts the key (key-dates.ts); the last covers its cards' validity. */
  readonly valid_from: string;
  readonly valid_until: string;
  /** True for a demo backend's key: a checker says so instead of "genuine". */
  readonly demo?: boolean;
}

/** A private signing key with its id, as the backend holds it. */
export interface SigningKey {
  readonly kid: Uint8Array;
  readonly privateKey: CryptoKey;
}

/** A key a verifier trusts, by the hex of its id. */
export interface VerifyingKey {
  readonly kid: Uint8Array;
  readonly publicKey: CryptoKey;
  readonly demo: boolean;
}

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
const ecdsa = { name: "ECDSA", namedCurve: "P-256" } as const;

/** SHA-256 of 0x04 ‖ x ‖ y, first 8 bytes. */
export const kidOfPoint = async (uncompressed: Uint8Array): Promise<Uint8Array> =>
  new Uint8Array(await subtle().digest("SHA-256", new Uint8Array(uncompressed))).slice(0, 8);

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

/** A JWKS as published; each member is checked where it is used (a key we cannot read is a key we do not trust). */
export interface PublishedJwks {
  readonly keys: ReadonlyArray<{
    readonly kty?: string;
    readonly crv?: string;
    readonly x?: string;
    readonly y?: string;
    readonly kid?: string;
    readonly demo?: boolean;
    readonly valid_from?: string;
    readonly valid_until?: string;
  }>;
}

/**
 * The keys of a JWKS a verifier can use: P-256 keys whose published kid matches their coordinates. Anything else is
 * skipped (a key we cannot check is a key we do not trust).
 */
export const verifyingKeys = async (jwks: PublishedJwks): Promise<VerifyingKey[]> => {
  const keys: VerifyingKey[] = [];
  for (const jwk of jwks.keys) {
    if (jwk.kty !== "EC" || jwk.crv !== "P-256") continue;
    const kid = await kidOfJwk(jwk);
    if (!kid || jwk.kid !== toBase64url(kid)) continue;
    try {
      const publicKey = await subtle().importKey("jwk", { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y }, ecdsa, false, [
        "verify",
      ]);
      keys.push({ kid, publicKey, demo: jwk.demo === true });
    } catch {
      /* not a point on the curve: skipped */
    }
  }
  return keys;
};
