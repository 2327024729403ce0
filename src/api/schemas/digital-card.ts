import { Schema } from "effect";
import { DateTime } from "./common";
import { lenient } from "./lenient";

/**
 * Extension `digital-card` (docs/extensions.md): the card as the holder's phone shows it. What the plastic shows and
 * nothing more: the face, the back's emergency details (behind a tap on the page), and a QR signed for a few days.
 */
const Text = Schema.optionalKey(Schema.NullOr(Schema.String));

export const DigitalCardLine = Schema.Struct({
  label: Schema.String,
  label_en: Text,
  value: Schema.String,
});

export const DigitalCard = Schema.Struct({
  /** The card's state (lifecycle's words): only "active" carries a QR. */
  state: Schema.String,
  card: Schema.Struct({
    code: Schema.String,
    register: Schema.String,
    lastname: Schema.String,
    firstname: Schema.String,
    birth_at: Text,
    lines: Schema.optionalKey(Schema.Array(DigitalCardLine)),
    valid_until: Text,
    academic_year: Text,
    photo_str: Text,
  }),
  back: Schema.optionalKey(
    Schema.Struct({
      blood_group: Text,
      allergies: Text,
      contact_person_name: Text,
      contact_person_phone: Text,
    }),
  ),
  /** The check URL with the short-lived signed claims in its fragment; null when the card is not active. */
  qr: Schema.NullOr(Schema.String),
  expires_at: Schema.optionalKey(Schema.NullOr(DateTime)),
  refreshed_at: DateTime,
});
export type DigitalCard = Schema.Schema.Type<typeof DigitalCard>;

/** What the applicant gives: the receipt's code and registration number, and the birth date as a second factor. */
export interface DigitalCardLookup {
  readonly code: string;
  readonly register: string;
  /** YYYY-MM-DD */
  readonly birth_at: string;
}

/**
 * What an agent's card answers may carry (extension `digital-card`): when the holder first opened the digital card
 * and when their phone last refreshed it; absent or null while none was issued. The public check never carries them.
 */
export const digitalCardAgentFields = {
  digital_issued_at: lenient("digital_issued_at", Schema.NullOr(DateTime)),
  digital_refreshed_at: lenient("digital_refreshed_at", Schema.NullOr(DateTime)),
} as const;
