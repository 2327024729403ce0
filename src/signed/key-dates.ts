/**
 * A published key's `valid_from` / `valid_until` (YYYY-MM-DD, UTC days, both included): a checker trusts a key only
 * within them, so a key published ahead of its use, or retired, verifies nothing (docs/signed-qr.md, *Keys*). A
 * key without dates is trusted (the format's dates are for rotation; an issuer that never rotates may leave them
 * out); a date that is not a day is not.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayStart = (day: string): number | null => (DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : null);

export const keyInService = (
  jwk: { readonly valid_from?: string; readonly valid_until?: string },
  now: Date,
): boolean => {
  const t = now.getTime();
  if (jwk.valid_from !== undefined) {
    const from = dayStart(jwk.valid_from);
    if (from === null || Number.isNaN(from) || t < from) return false;
  }
  if (jwk.valid_until !== undefined) {
    const until = dayStart(jwk.valid_until);
    if (until === null || Number.isNaN(until) || t >= until + 86_400_000) return false;
  }
  return true;
};

/** The JWKS with only the keys in service at `now`. */
export const keysInService = <K extends { readonly valid_from?: string; readonly valid_until?: string }>(
  jwks: { readonly keys: readonly K[] },
  now: Date,
): { readonly keys: readonly K[] } => ({ keys: jwks.keys.filter((jwk) => keyInService(jwk, now)) });
