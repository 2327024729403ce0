import type { CardCheckView } from "./card-check-view";
import type { CardClaims } from "../signed/payload";

/**
 * What the check page concluded from a signed QR's fragment (features/check/signed-check.ts), before the online answer: the
 * signature holds ("genuine", or "expired" by its signed dates), does not ("forged": someone changed what the QR
 * says), is by a key the issuer does not publish ("unknownKey"), or could not be checked ("unavailable": no keys).
 */
export type SignedCheck =
  | { readonly status: "genuine"; readonly claims: CardClaims; readonly demoKey: boolean }
  | { readonly status: "expired"; readonly claims: CardClaims; readonly when: "ended" | "notYet" }
  | { readonly status: "forged" }
  /** `aheadFrom`: the key's first day, still ahead of the device's clock (the key is refused until then). */
  | { readonly status: "unknownKey"; readonly aheadFrom?: string }
  | { readonly status: "unavailable" };

/** Upper case without accents or doubled spaces: a printed name and a stored one compare equal. */
const folded = (text: string): string =>
  text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toUpperCase();

/**
 * Whether the online answer names the same card as the signed claims: the same code, registration number and
 * names (a signed name may have been shortened to fit the QR: it must then begin the online one).
 */
export const claimsMatch = (claims: CardClaims, view: CardCheckView): boolean =>
  claims.kind === view.kind &&
  claims.code === view.code &&
  folded(claims.register) === folded(view.register) &&
  folded(view.lastname).startsWith(folded(claims.familyName)) &&
  folded(view.firstname).startsWith(folded(claims.givenNames));

/**
 * The signed verdict the page shows: "forged" also when a genuine signature names another card than the online
 * answer (a QR's fragment copied onto another card's link). Null: nothing signed to show.
 */
export const signedOutcome = (signed: SignedCheck | null, view: CardCheckView | null): SignedCheck | null => {
  if (!signed || signed.status === "unavailable") return null;
  if ((signed.status === "genuine" || signed.status === "expired") && view && !claimsMatch(signed.claims, view))
    return { status: "forged" };
  return signed;
};
