import { kindIds, type KindId } from "../api/kind-ids";
import { decodeCbor, encodeCbor, isCborMap, type CborValue } from "./cbor";

/**
 * What a signed QR says about its card: enough for a guard to compare with the holder, nothing more. Never the
 * phone, e-mail, birth date or medical data: the QR is printed on the card's back and anyone can read it.
 */
export interface CardClaims {
  readonly kind: KindId;
  readonly code: string;
  /** Registration number (matricule). */
  readonly register: string;
  readonly familyName: string;
  readonly givenNames: string;
  /** Faculty code (students, teachers) or service code (staff), "" when unknown. */
  readonly unit: string;
  /** Unix seconds (UTC): the first and last instant the card is valid. */
  readonly validFrom: number;
  readonly validUntil: number;
  /** The card's sequence from the card lifecycle (1 without it); a revocation entry revokes those below N. */
  readonly sequence: number;
  /** Who signed: a short id of the issuing university's backend. */
  readonly issuer: string;
  /**
   * A digital card's token (extension `digital-card`): shown on the holder's phone, signed for a few days only and
   * refreshed while online. Absent on the printed card's QR.
   */
  readonly digital?: true;
}

/** The payload's format version (key 1); a checker refuses versions it does not know. */
export const PAYLOAD_VERSION = 1;
/** The format's bound (the "under 160 bytes"); the QR's own budget (fragment.ts) is usually tighter. */
export const MAX_PAYLOAD_BYTES = 159;

/** Integer map keys, documented in docs/signed-qr.md: the payload's shape on the wire. */
const K = {
  version: 1,
  kind: 2,
  code: 3,
  register: 4,
  familyName: 5,
  givenNames: 6,
  unit: 7,
  validFrom: 8,
  validUntil: 9,
  sequence: 10,
  issuer: 11,
  digital: 12,
} as const;

const claimsMap = (claims: CardClaims): CborValue =>
  new Map<number, CborValue>([
    [K.version, PAYLOAD_VERSION],
    [K.kind, claims.kind],
    [K.code, claims.code],
    [K.register, claims.register],
    [K.familyName, claims.familyName],
    [K.givenNames, claims.givenNames],
    [K.unit, claims.unit],
    [K.validFrom, claims.validFrom],
    [K.validUntil, claims.validUntil],
    [K.sequence, claims.sequence],
    [K.issuer, claims.issuer],
    ...(claims.digital ? [[K.digital, 1] as const] : []),
  ]);

export const encodeClaims = (claims: CardClaims): Uint8Array => {
  const bytes = encodeCbor(claimsMap(claims));
  if (bytes.length > MAX_PAYLOAD_BYTES) throw new RangeError(`signed QR payload of ${bytes.length} bytes`);
  return bytes;
};

/**
 * Shortens the longer name until the payload takes at most `maxBytes`: a very long name loses its end, never the
 * card its signature (the guard compares the face and the printed card anyway).
 */
export const fitClaims = (claims: CardClaims, maxBytes: number = MAX_PAYLOAD_BYTES): CardClaims => {
  let fitted = claims;
  while (encodeCbor(claimsMap(fitted)).length > Math.min(maxBytes, MAX_PAYLOAD_BYTES)) {
    const field = fitted.givenNames.length >= fitted.familyName.length ? "givenNames" : "familyName";
    const chars = Array.from(fitted[field]);
    if (chars.length === 0) throw new RangeError("signed QR payload does not fit");
    fitted = { ...fitted, [field]: chars.slice(0, -1).join("").trimEnd() };
  }
  return fitted;
};

const text = (map: ReadonlyMap<number | string, CborValue>, key: number): string | null => {
  const value = map.get(key);
  return typeof value === "string" ? value : null;
};
const uint = (map: ReadonlyMap<number | string, CborValue>, key: number): number | null => {
  const value = map.get(key);
  return typeof value === "number" && value >= 0 ? value : null;
};
const isKind = (value: string | null): value is KindId => kindIds.some((k) => k === value);

/** Null when the bytes are not a version-1 card payload (after a good signature: an issuer's bug, shown as forged). */
export const decodeClaims = (bytes: Uint8Array): CardClaims | null => {
  let map: CborValue;
  try {
    map = decodeCbor(bytes);
  } catch {
    return null;
  }
  if (!isCborMap(map) || uint(map, K.version) !== PAYLOAD_VERSION) return null;
  const kind = text(map, K.kind);
  const code = text(map, K.code);
  const register = text(map, K.register);
  const familyName = text(map, K.familyName);
  const givenNames = text(map, K.givenNames);
  const unit = text(map, K.unit);
  const validFrom = uint(map, K.validFrom);
  const validUntil = uint(map, K.validUntil);
  const sequence = uint(map, K.sequence);
  const issuer = text(map, K.issuer);
  if (!isKind(kind) || code === null || register === null || familyName === null || givenNames === null) return null;
  if (unit === null || validFrom === null || validUntil === null || sequence === null || issuer === null) return null;
  const digital = map.get(K.digital);
  if (digital !== undefined && digital !== 1) return null;
  const claims = { kind, code, register, familyName, givenNames, unit, validFrom, validUntil, sequence, issuer };
  return digital === 1 ? { ...claims, digital: true } : claims;
};
