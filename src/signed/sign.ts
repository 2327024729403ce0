import { signSign1 } from "./cose";
import { payloadBudget, signedCheckUrl } from "./fragment";
import type { SigningKey } from "./keys";
import { encodeClaims, fitClaims, type CardClaims } from "./payload";

/** The COSE_Sign1 of a card's claims (names shortened to `maxBytes` of payload when given). */
export const signCardClaims = (claims: CardClaims, key: SigningKey, maxBytes?: number): Promise<Uint8Array> =>
  signSign1(encodeClaims(fitClaims(claims, maxBytes)), key);

/** What a signing backend prints in the card's QR: its check URL with the signed claims in the fragment, in budget. */
export const signedCardUrl = async (checkUrl: string, claims: CardClaims, key: SigningKey): Promise<string> =>
  signedCheckUrl(checkUrl, await signCardClaims(claims, key, payloadBudget(checkUrl)));
