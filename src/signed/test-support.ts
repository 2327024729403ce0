import {
  generatePrivateJwk,
  publicJwk,
  signingKeyFromJwk,
  verifyingKeys,
  type SigningKey,
  type VerifyingKey,
} from "./keys";
import type { CardClaims } from "./payload";

/** A fresh issuer: its signing key and the verifying key a checker gets from its JWKS. */
export const newIssuer = async (): Promise<{ signing: SigningKey; verifying: VerifyingKey[] }> => {
  const jwk = await generatePrivateJwk();
  const signing = await signingKeyFromJwk(jwk);
  const verifying = await verifyingKeys({ keys: [await publicJwk(jwk, { from: "2026-01-01", until: "2027-12-31" })] });
  return { signing, verifying };
};

export const seconds = (iso: string): number => Date.parse(iso) / 1000;

export const sampleClaims: CardClaims = {
  kind: "student",
  code: "ETU000042",
  register: "21S4242",
  familyName: "NGO BIYONG",
  givenNames: "Marie-Thérèse",
  unit: "FS",
  validFrom: seconds("2026-09-01T00:00:00+01:00"),
  validUntil: seconds("2027-08-31T23:59:59+01:00"),
  sequence: 1,
  issuer: "USA",
};
