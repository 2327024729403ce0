/**
 * What a check page's address names, read without the app (the entry script runs this before anything else
 * loads): its kind's segment and the token, decoded once as the router does; null when the path is not a check
 * page or its percent-encoding is malformed. Whether the kind exists is the caller's question.
 */
export const checkPathParts = (pathname: string): { kind: string; token: string } | null => {
  const match = /^\/check\/([^/]+)\/card\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  try {
    return { kind: match[1], token: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
};

/** The check call's path, written into the prerendered check page by its screen (CardCheckPage) for the entry. */
export const CHECK_PATH_ATTRIBUTE = "data-check-path";

/** The kind's JWKS path (extension `signed-qr`), written beside the check path for the entry's signed check. */
export const SIGNED_KEYS_PATH_ATTRIBUTE = "data-signed-keys-path";
