import { Schema } from "effect";

/**
 * Extension `signed-qr` (docs/extensions.md, docs/signed-qr.md): the issuer's public keys and its signed revocation
 * list. Tolerant: members a backend adds are ignored; whether a key is usable is the checker's call (src/signed).
 */
export const SignedQrJwk = Schema.Struct({
  kty: Schema.String,
  crv: Schema.String,
  x: Schema.String,
  y: Schema.String,
  kid: Schema.String,
  valid_from: Schema.optional(Schema.String),
  valid_until: Schema.optional(Schema.String),
  demo: Schema.optional(Schema.Boolean),
});
export type SignedQrJwk = Schema.Schema.Type<typeof SignedQrJwk>;

export const SignedQrKeys = Schema.Struct({ keys: Schema.Array(SignedQrJwk) });
export type SignedQrKeys = Schema.Schema.Type<typeof SignedQrKeys>;

/** `cose`: the list's COSE_Sign1 in base64url; `issued_at` repeats its signed time for display. */
export const SignedRevocationList = Schema.Struct({ issued_at: Schema.String, cose: Schema.String });
export type SignedRevocationList = Schema.Schema.Type<typeof SignedRevocationList>;
