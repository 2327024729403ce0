/** Where a user returns after login when nothing safe was asked for (docs/spec.md §2). */
export const DEFAULT_RETURN = "/dashboard";

const probeOrigin = "http://campus-card.invalid";

/**
 * Only same-origin relative paths are honoured as return targets, judged before and after normalising. Absolute URLs, protocol-relative `//host`,
 * backslash tricks (`/\host`), `javascript:` and their percent-encoded forms all fall back to the dashboard.
 */
export const safeReturnPath = (value: unknown): string => {
  if (typeof value !== "string" || value === "") return DEFAULT_RETURN;
  // Undo nested percent-encoding so "%2F%2Fevil" and "%252F%252F" are judged as what a browser may later see.
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return DEFAULT_RETURN;
    }
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/")) return DEFAULT_RETURN;
    if (candidate.startsWith("//") || candidate.includes("\\")) return DEFAULT_RETURN;
    // Control characters and whitespace are stripped by URL parsers and can turn "/\t/host" into "//host".
    // oxlint-disable-next-line no-control-regex -- finding control characters is this test's purpose
    if (/[\u0000-\u001f\u007f\s]/.test(candidate)) return DEFAULT_RETURN;
  }
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return DEFAULT_RETURN;
  }
  if (url.origin !== probeOrigin) return DEFAULT_RETURN;
  // Judged again once normalised: dot segments turn "/.//host" into "//host", which would leave the origin.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || path.includes("\\") || new URL(path, probeOrigin).origin !== probeOrigin)
    return DEFAULT_RETURN;
  if (url.pathname === "/auth") return DEFAULT_RETURN;
  return path;
};
