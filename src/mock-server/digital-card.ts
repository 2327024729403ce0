import type { AnyKind } from "../kinds";
import { toCardPdfInput } from "./card-input";
import type { DemoDb } from "./db";
import { stateOf } from "./lifecycle";
import type { CardRecord } from "./models";
import { cardClaims, signClaimsUrl } from "./signed-qr";

/**
 * The demo backend's side of the `digital-card` extension (docs/extensions.md): the card as its holder's phone shows
 * it, with a signed QR that lives a few days only, so that a copied screen stops passing once the holder's phone has
 * moved on. A suspended, replaced or ended card answers its state and no QR.
 */

/** How long a digital token is valid: a weekend offline, not a term. */
export const DIGITAL_TOKEN_HOURS = 72;

export const digitalCardJson = async (db: DemoDb, kind: AnyKind, card: CardRecord, siteOrigin: string) => {
  const now = db.now();
  const at = new Date(now).toISOString();
  db.updateCard(card, { digital: { issued_at: card.digital?.issued_at ?? at, refreshed_at: at } });
  const state = stateOf(db, kind, card) ?? "active";
  const input = toCardPdfInput(db, kind, card, siteOrigin);
  const claims = cardClaims(db, kind, card);
  const expiresAt = Math.min(claims.validUntil, Math.floor(now / 1000) + DIGITAL_TOKEN_HOURS * 3600);
  const qr =
    state === "active"
      ? await signClaimsUrl(db, input.checkUrl, { ...claims, validUntil: expiresAt, digital: true })
      : null;
  return {
    state,
    card: {
      code: card.code,
      register: input.register,
      lastname: input.lastname,
      firstname: input.firstname,
      birth_at: input.birthDate,
      lines: input.lines.map((line) => ({ label: line.label.fr, label_en: line.label.en, value: line.value })),
      valid_until: input.validUntil,
      academic_year: input.academicYear,
      photo_str: input.photoBase64,
    },
    back: {
      blood_group: input.bloodGroup,
      allergies: input.allergies,
      contact_person_name: input.contactName,
      contact_person_phone: input.contactPhone,
    },
    qr,
    expires_at: qr === null ? null : new Date(expiresAt * 1000).toISOString(),
    refreshed_at: at,
  };
};
