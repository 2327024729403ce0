import type { SignedQrJwk, SignedQrKeys } from "../api/schemas/signed-qr";
import { verifyingKeys, type VerifyingKey } from "./keys";

/**
 * A published key's `valid_from` / `valid_until` (YYYY-MM-DD, UTC days, both included): a checker trusts a key only
 * within them, so a key published ahead of its use, or retired, verifies nothing (docs/signed-qr.md, *Keys*). A
 * key without dates is trusted (the format's dates are for rotation; an issuer that never rotates may leave them
 * out); a date that is not a day is not. Clocks differ a little: a key whose first day starts within 10 minutes of
 * the device's time is in service; further ahead it is refused, and the verdict says from when (the issuer's or
 * the device's clock is wrong), as for a list dated ahead (revocation.ts).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** How far ahead of the device a key's first day may start. */
export const KEY_CLOCK_SKEW_MS = 10 * 60_000;

const dayStart = (day: string): number | null => {
  const start = DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(start) ? null : start;
};

type Standing = "inService" | "ahead" | "out";

const standingOf = (jwk: SignedQrJwk, now: Date): Standing => {
  const t = now.getTime();
  if (jwk.valid_until !== undefined) {
    const until = dayStart(jwk.valid_until);
    if (until === null || t >= until + 86_400_000) return "out";
  }
  if (jwk.valid_from !== undefined) {
    const from = dayStart(jwk.valid_from);
    if (from === null) return "out";
    if (t + KEY_CLOCK_SKEW_MS < from) return "ahead";
  }
  return "inService";
};

/**
 * The keys a checker verifies with at `now`: those in service, and those whose first day is still ahead, marked
 * with it (`aheadFrom`: a card they signed is refused with that day, not called "unknown").
 */
export const keysAt = async (jwks: SignedQrKeys, now: Date): Promise<VerifyingKey[]> => {
  const keys: VerifyingKey[] = [];
  for (const jwk of jwks.keys) {
    const standing = standingOf(jwk, now);
    if (standing === "out") continue;
    const [key] = await verifyingKeys({ keys: [jwk] });
    if (key) keys.push(standing === "ahead" && jwk.valid_from ? { ...key, aheadFrom: jwk.valid_from } : key);
  }
  return keys;
};

/** The keys that vouch for a list: in service only. */
export const keysInService = (keys: readonly VerifyingKey[]): VerifyingKey[] =>
  keys.filter((key) => key.aheadFrom === undefined);
