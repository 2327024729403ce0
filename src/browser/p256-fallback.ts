import { p256 } from "@noble/curves/nist.js";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";

/**
 * ECDSA P-256 and SHA-256 in plain JavaScript (@noble/curves, @noble/hashes: audited, no dependencies beyond each
 * other), for pages where the browser gives no `crypto.subtle`: a plain-http address other than localhost, such as
 * the classroom's LAN address (docs/classroom.md). keys.ts loads this module only there, so a checker on https never
 * downloads it.
 */

export const sha256 = (bytes: Uint8Array): Uint8Array => nobleSha256(bytes);

/** True when `point` (0x04 ‖ x ‖ y) is a point on the curve: WebCrypto refuses to import any other. */
export const isCurvePoint = (point: Uint8Array): boolean => p256.utils.isValidPublicKey(point, false);

/**
 * A raw r ‖ s signature over SHA-256 of `data`, as WebCrypto checks it: both halves of a mirrored signature
 * (s and n − s) verify there, so they do here (docs/signed-qr.md says what a verdict guarantees).
 */
export const verifyP256 = (signature: Uint8Array, data: Uint8Array, point: Uint8Array): boolean => {
  try {
    return p256.verify(signature, data, point, { lowS: false, prehash: true, format: "compact" });
  } catch {
    return false;
  }
};
