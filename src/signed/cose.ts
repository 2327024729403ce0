import { CborTag, decodeCbor, encodeCbor, isCborArray, isCborMap, type CborValue } from "./cbor";
import { kidHex, verifyEs256, type SigningKey, type VerifyingKey } from "./keys";

/**
 * COSE_Sign1 (RFC 9052 §4.2) with ES256 only: protected header {1 (alg): -7, 4 (kid): 8 bytes}, an empty
 * unprotected header, tag 18. The signature is ECDSA P-256 over the Sig_structure
 * ["Signature1", protected, h'', payload], written raw as r ‖ s (64 bytes): what WebCrypto produces and checks
 * (keys.ts checks it without WebCrypto where a page has none).
 */

const COSE_SIGN1_TAG = 18;
const HEADER_ALG = 1;
const HEADER_KID = 4;
const ES256 = -7;
const algorithm = { name: "ECDSA", hash: "SHA-256" } as const;

/** Bytes a COSE_Sign1 adds around a payload of 24 to 255 bytes: tag, array, headers, the payload's length, signature. */
export const SIGN1_OVERHEAD = 85;

const sigStructure = (protectedBytes: Uint8Array, payload: Uint8Array): Uint8Array<ArrayBuffer> =>
  new Uint8Array(encodeCbor(["Signature1", protectedBytes, new Uint8Array(0), payload]));

export const signSign1 = async (payload: Uint8Array, key: SigningKey): Promise<Uint8Array> => {
  const protectedBytes = encodeCbor(
    new Map<number, CborValue>([
      [HEADER_ALG, ES256],
      [HEADER_KID, key.kid],
    ]),
  );
  const signature = new Uint8Array(
    await globalThis.crypto.subtle.sign(algorithm, key.privateKey, sigStructure(protectedBytes, payload)),
  );
  return encodeCbor(new CborTag(COSE_SIGN1_TAG, [protectedBytes, new Map(), payload, signature]));
};

export type Sign1Result =
  | { readonly ok: true; readonly payload: Uint8Array; readonly key: VerifyingKey }
  /** Not a COSE_Sign1 we write, or a signature that does not match: forged or altered. */
  | { readonly ok: false; readonly reason: "malformed" | "badSignature" }
  /** Well formed, signed by a key the verifier does not hold. */
  | { readonly ok: false; readonly reason: "unknownKey"; readonly kid: Uint8Array };

const malformed: Sign1Result = { ok: false, reason: "malformed" };

/** Checks the structure, finds the key by kid, checks the signature. The payload is returned only when genuine. */
export const verifySign1 = async (message: Uint8Array, keys: readonly VerifyingKey[]): Promise<Sign1Result> => {
  let outer: CborValue;
  try {
    outer = decodeCbor(message);
  } catch {
    return malformed;
  }
  if (!(outer instanceof CborTag) || outer.tag !== COSE_SIGN1_TAG || !isCborArray(outer.value)) return malformed;
  const [protectedBytes, unprotected, payload, signature] = outer.value;
  if (outer.value.length !== 4 || !(protectedBytes instanceof Uint8Array) || !isCborMap(unprotected)) return malformed;
  if (!(payload instanceof Uint8Array) || !(signature instanceof Uint8Array) || signature.length !== 64)
    return malformed;
  let header: CborValue;
  try {
    header = decodeCbor(protectedBytes);
  } catch {
    return malformed;
  }
  if (!isCborMap(header) || header.get(HEADER_ALG) !== ES256) return malformed;
  const kid = header.get(HEADER_KID);
  if (!(kid instanceof Uint8Array) || kid.length !== 8) return malformed;
  const key = keys.find((k) => kidHex(k.kid) === kidHex(kid));
  if (!key) return { ok: false, reason: "unknownKey", kid };
  const genuine = await verifyEs256(key, signature, sigStructure(protectedBytes, payload));
  return genuine ? { ok: true, payload, key } : { ok: false, reason: "badSignature" };
};
