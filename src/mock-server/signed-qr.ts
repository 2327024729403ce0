import type { AnyKind } from "../kinds";
import { toBase64url } from "../signed/base64url";
import { generatePrivateJwk, publicJwk, signingKeyFromJwk, type PublicJwk, type SigningKey } from "../signed/keys";
import type { CardClaims } from "../signed/payload";
import { signRevocationList, type RevocationEntry } from "../signed/revocation";
import { signedCardUrl } from "../signed/sign";
import { academicYear } from "./dates";
import { validUntil } from "./lifecycle";
import type { DemoDb } from "./db";
import type { CardRecord, DemoSigningKey } from "./models";
import { referenceData } from "./reference-data";
import { scalarText } from "../api/scalar-text";

/**
 * The demo backend's side of the `signed-qr` extension (docs/extensions.md, docs/signed-qr.md): a key per database,
 * made on first use and kept with the data (the browser's snapshot, the classroom's file; `npm run mock:api` holds
 * it in memory), the JWKS, the signed revocation list, and the signed URL a card's QR carries.
 */

/** The issuer id in every claim: the demo university's school code (reference list `school`). */
export const DEMO_ISSUER = "USA";
/** How long a demo key is published as valid: long enough for any demo. */
const KEY_YEARS = 10;

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const making = new WeakMap<DemoDb, Promise<DemoSigningKey>>();

/** The database's key, made once (two calls at the same time get the same key). */
const demoKey = (db: DemoDb): Promise<DemoSigningKey> => {
  const kept = db.data.signingKey;
  if (kept) return Promise.resolve(kept);
  let pending = making.get(db);
  if (!pending) {
    pending = generatePrivateJwk().then((jwk) => {
      const key = { jwk, createdAt: day(db.now()) };
      db.keepSigningKey(key);
      return key;
    });
    making.set(db, pending);
  }
  return pending;
};

const signingKeys = new WeakMap<JsonWebKey, Promise<SigningKey>>();
const signingKey = async (db: DemoDb): Promise<SigningKey> => {
  const { jwk } = await demoKey(db);
  let key = signingKeys.get(jwk);
  if (!key) signingKeys.set(jwk, (key = signingKeyFromJwk(jwk)));
  return key;
};

/** The JWKS: the one demo key, marked as a demo. */
export const demoJwks = async (db: DemoDb): Promise<{ keys: PublicJwk[] }> => {
  const { jwk, createdAt } = await demoKey(db);
  const until = `${Number(createdAt.slice(0, 4)) + KEY_YEARS}${createdAt.slice(4)}`;
  return { keys: [await publicJwk(jwk, { from: createdAt, until }, true)] };
};

/**
 * A card's validity as the signature carries it: from the start of the academic year it was validated in, until the
 * end (23:59:59 in Douala, UTC+01:00) of the last valid day the PDF and the check page print, from the one rule
 * (lifecycle.ts `validUntil`, config.json's `cardValidity`). A replacement carries its own sequence.
 */
export const cardValidity = (
  kind: AnyKind,
  card: CardRecord,
): { validFrom: number; validUntil: number; sequence: number } => {
  const start = Number(academicYear(card.update_at).slice(0, 4));
  const lastDay = validUntil(kind, card) ?? `${start + 1}-08-31`;
  return {
    validFrom: Date.parse(`${start}-09-01T00:00:00+01:00`) / 1000,
    validUntil: Date.parse(`${lastDay}T23:59:59+01:00`) / 1000,
    sequence: card.life?.sequence ?? 1,
  };
};

const unitCode = (db: DemoDb, kind: AnyKind, card: CardRecord): string => {
  const id = db.demandOfCard(card).fields[kind.cardFilter];
  return referenceData[kind.cardFilter].find((item) => item.id === id)?.code ?? "";
};

export const cardClaims = (db: DemoDb, kind: AnyKind, card: CardRecord): CardClaims => {
  const f = db.demandOfCard(card).fields;
  return {
    kind: kind.id,
    code: card.code,
    register: scalarText(f.register),
    familyName: scalarText(f.lastname),
    givenNames: scalarText(f.firstname),
    unit: unitCode(db, kind, card),
    ...cardValidity(kind, card),
    issuer: DEMO_ISSUER,
  };
};

/** A check URL with these claims signed in its fragment (a digital card's shorter-lived ones among them). */
export const signClaimsUrl = async (db: DemoDb, checkUrl: string, claims: CardClaims): Promise<string> =>
  signedCardUrl(checkUrl, claims, await signingKey(db));

/** The check URL with the card's signed claims in its fragment. */
export const signedCheckUrlOf = (db: DemoDb, kind: AnyKind, card: CardRecord, checkUrl: string): Promise<string> =>
  signClaimsUrl(db, checkUrl, cardClaims(db, kind, card));

/** Why a card is on the list, in the list's words: lost or stolen as reported, replaced, or withdrawn for the rest. */
const revocationReason = (card: CardRecord): string => {
  if (card.life?.state === "replaced") return "replaced";
  const reason = card.life?.state === "suspended" ? card.life.reason : undefined;
  return reason === "lost" || reason === "stolen" ? reason : "withdrawn";
};

/**
 * The kind's signed revocation list, issued now. A card withdrawn (`valid` false) is revoked below the sequence after
 * its own: every print of it, not its replacement's.
 */
export const demoRevocationList = async (db: DemoDb, kind: AnyKind): Promise<{ issued_at: string; cose: string }> => {
  const entries: RevocationEntry[] = db
    .cards(kind.id)
    .filter((card) => !card.valid)
    .map((card) => ({ code: card.code, below: cardValidity(kind, card).sequence + 1, reason: revocationReason(card) }));
  const issuedAt = Math.floor(db.now() / 1000);
  const cose = await signRevocationList({ issuedAt, entries }, await signingKey(db));
  return { issued_at: new Date(issuedAt * 1000).toISOString(), cose: toBase64url(cose) };
};
