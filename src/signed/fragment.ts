import { fromBase64url, toBase64url } from "./base64url";
import { SIGN1_OVERHEAD } from "./cose";
import { checkSignedCard, type CheckContext, type Verdict } from "./verdict";

/**
 * The QR's transport: the spec's check URL with the signed message in its fragment,
 * `https://<host>/check/<kind>/card/<token>#s1.<base64url>`. A phone camera opens the online check page as before,
 * and the fragment never reaches a server. "s1" names the format, so a later one can sit beside it.
 */
export const FRAGMENT_PREFIX = "s1.";

/** Bytes (UTF-8) a QR of version 13 at error correction M holds: the card's QR panel prints it with 0.4 mm modules. */
export const QR_MAX_CHARS = 331;

/** Far longer than any card's QR: a longer address is refused before any parsing. */
export const MAX_SIGNED_URL_CHARS = 2048;

/** The largest payload whose signed URL still fits `QR_MAX_CHARS` (base64url writes 3 bytes as 4 characters). */
export const payloadBudget = (checkUrl: string): number => {
  const chars = QR_MAX_CHARS - new TextEncoder().encode(checkUrl.split("#")[0]).length - 1 - FRAGMENT_PREFIX.length;
  return Math.floor((chars * 3) / 4) - SIGN1_OVERHEAD;
};

export const signedCheckUrl = (checkUrl: string, message: Uint8Array): string =>
  `${checkUrl.split("#")[0]}#${FRAGMENT_PREFIX}${toBase64url(message)}`;

export interface SignedCheckUrl {
  readonly kind: string;
  readonly token: string;
  /** Null when the fragment claims the format but its base64url is broken: forged or altered. */
  readonly message: Uint8Array | null;
}

/** The parts of a check URL with a signed fragment; null for a URL that carries none (today's plain QR). */
export const parseSignedCheckUrl = (url: string): SignedCheckUrl | null => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // The site may live under a base path: only the end of the path is the spec's.
  const path = /\/check\/([^/]+)\/card\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!path?.[1] || !path[2] || !parsed.hash.startsWith(`#${FRAGMENT_PREFIX}`)) return null;
  return {
    kind: decodeURIComponent(path[1]),
    token: decodeURIComponent(path[2]),
    message: fromBase64url(parsed.hash.slice(1 + FRAGMENT_PREFIX.length)),
  };
};

/**
 * The verdict on a scanned or pasted check URL, or null when it carries no signed fragment. A fragment signed for
 * another kind than the URL's path is altered.
 */
export const checkSignedUrl = async (url: string, context: CheckContext): Promise<Verdict | null> => {
  if (url.length > MAX_SIGNED_URL_CHARS) return url.includes(`#${FRAGMENT_PREFIX}`) ? { verdict: "forged" } : null;
  const signed = parseSignedCheckUrl(url);
  if (!signed) return null;
  if (!signed.message) return { verdict: "forged" };
  const verdict = await checkSignedCard(signed.message, context);
  return "claims" in verdict && verdict.claims.kind !== signed.kind ? { verdict: "forged" } : verdict;
};
