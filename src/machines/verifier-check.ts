import type { KindId } from "../api/kind-ids";
import { isKindId } from "../kinds/ids";
import { checkSignedUrl, MAX_SIGNED_URL_CHARS, parseSignedCheckUrl } from "../signed/fragment";
import type { Verdict } from "../signed/verdict";
import type { Trust } from "../browser/verify-trust";

/**
 * What the checker concludes from one scanned or pasted text: a verdict on a signed check URL (docs/signed-qr.md),
 * or "not signed" for anything else (today's plain QR, another QR code, a typo).
 */
export type CheckResult =
  | {
      readonly result: "verdict";
      readonly verdict: Verdict;
      /** The card's kind and check token from the URL's path, for the online check's photo. */
      readonly card: { readonly kind: KindId; readonly token: string };
      /** Unix seconds of the list the card was checked against, null without one. */
      readonly listIssuedAt: number | null;
      /** False when the checker held no key of the kind at all (never opened online). */
      readonly keysHeld: boolean;
    }
  /** `checkUrl`: the text when it is a check URL without a signature (its online page can still be opened). */
  | { readonly result: "notSigned"; readonly checkUrl: string | null };

/** The text as a URL: a pasted path (`/check/…`) or `/verify#<url>`'s fragment is read against this site. */
const absolute = (text: string, origin: string): string | null => {
  try {
    return new URL(text.trim(), origin).href;
  } catch {
    return null;
  }
};

const isCheckUrl = (url: string): boolean => /\/check\/[^/]+\/card\/[^/#?]+/.test(url);

export const checkText = async (text: string, trust: Trust, now: Date, origin: string): Promise<CheckResult> => {
  if (text.length > MAX_SIGNED_URL_CHARS) return { result: "notSigned", checkUrl: null };
  const url = absolute(text, origin);
  const signed = url ? parseSignedCheckUrl(url) : null;
  if (!url || !signed || !isKindId(signed.kind))
    return { result: "notSigned", checkUrl: url && isCheckUrl(url) ? url.split("#")[0]! : null };
  const held = trust.prepared[signed.kind];
  const revocations = held?.list ?? null;
  const verdict = await checkSignedUrl(url, { keys: held?.keys ?? [], revocations, now });
  return {
    result: "verdict",
    // Null only when the fragment is not one: parseSignedCheckUrl said it is.
    verdict: verdict ?? { verdict: "forged" },
    card: { kind: signed.kind, token: signed.token },
    listIssuedAt: revocations?.issuedAt ?? null,
    keysHeld: (held?.keys.length ?? 0) > 0,
  };
};

/** The text a page address carries for the checker: `/verify#<check URL>` (what a shared link or a test opens). */
export const textOfHash = (hash: string): string | null => {
  const text = decodeURIComponent(hash.replace(/^#/, "")).trim();
  return text === "" ? null : text;
};
