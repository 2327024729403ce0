/**
 * Extension `signed-qr` (docs/extensions.md, docs/signed-qr.md): the issuer's public keys and its signed revocation
 * list. One light guard per shape, with no schema library: the check page reads kept keys with them in the signed
 * check's own chunk (tests/e2e/chunks.spec.ts), and the API layer decodes the answers with the same guards
 * (endpoints/signed-qr.ts). Tolerant: members a backend adds are ignored; whether a key is usable is the checker's
 * call (src/signed).
 */
export interface SignedQrJwk {
  readonly kty: string;
  readonly crv: string;
  readonly x: string;
  readonly y: string;
  readonly kid: string;
  /** YYYY-MM-DD: the first and last day a checker trusts the key (src/signed/key-dates.ts). */
  readonly valid_from?: string;
  readonly valid_until?: string;
  /** True for a demo backend's key: a checker says so instead of "genuine". */
  readonly demo?: boolean;
}

export interface SignedQrKeys {
  readonly keys: readonly SignedQrJwk[];
}

/** `cose`: the list's COSE_Sign1 in base64url; `issued_at` repeats its signed time for display. */
export interface SignedRevocationList {
  readonly issued_at: string;
  readonly cose: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const optional = (value: unknown, type: "string" | "boolean"): boolean => value === undefined || typeof value === type;

export const isSignedQrJwk = (value: unknown): value is SignedQrJwk =>
  isRecord(value) &&
  ["kty", "crv", "x", "y", "kid"].every((name) => typeof value[name] === "string") &&
  optional(value.valid_from, "string") &&
  optional(value.valid_until, "string") &&
  optional(value.demo, "boolean");

export const isSignedQrKeys = (value: unknown): value is SignedQrKeys =>
  isRecord(value) && Array.isArray(value.keys) && value.keys.every(isSignedQrJwk);

export const isSignedRevocationList = (value: unknown): value is SignedRevocationList =>
  isRecord(value) && typeof value.issued_at === "string" && typeof value.cose === "string";
