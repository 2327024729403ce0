import type { CardCheckView } from "./card-check-view";
import { claimsMatch } from "./card-check-signed";
import type { CheckResult } from "./verifier-check";

/** Why the backend no longer accepts a card, in the revocation list's words. */
const reasonOf = (view: CardCheckView): string =>
  view.life.state === "replaced"
    ? "replaced"
    : view.life.reason === "lost" || view.life.reason === "stolen"
      ? view.life.reason
      : (view.life.reason ?? "withdrawn");

/**
 * A verdict once the backend has answered for the card (the check page's own call): a signature that names another
 * card than the answer is forged or altered, with no photo (a genuine fragment on another card's address); a card
 * the backend no longer accepts is revoked, whatever the kept list said; otherwise the verdict stands, with the photo.
 */
export const confirmedResult = (
  result: CheckResult,
  view: CardCheckView,
): { readonly result: CheckResult; readonly photo: string | null } => {
  if (result.result !== "verdict" || !("claims" in result.verdict)) return { result, photo: null };
  const { claims } = result.verdict;
  if (!claimsMatch(claims, view)) return { result: { ...result, verdict: { verdict: "forged" } }, photo: null };
  const accepted = result.verdict.verdict === "valid" || result.verdict.verdict === "staleList";
  if (accepted && !view.valid)
    return {
      result: { ...result, verdict: { verdict: "revoked", claims, reason: reasonOf(view) } },
      photo: view.photo,
    };
  return { result, photo: view.photo };
};
