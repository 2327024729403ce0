import { verifySign1 } from "./cose";
import { kidHex, type VerifyingKey } from "./keys";
import { decodeClaims, type CardClaims } from "./payload";
import { listAgeDays, listFromFuture, listStale, revocationOf, type RevocationList } from "./revocation";

/**
 * What a checker concludes from a signed QR, in the order: the signature (unknown key, forged or altered),
 * then the validity dates (expired), then the revocation list (revoked, or a list too old to vouch). One verdict,
 * never two: a revoked card on a stale list is revoked.
 */
export type Verdict =
  | {
      readonly verdict: "valid";
      readonly claims: CardClaims;
      /** Signed by a demo backend's key: a checker says so. */
      readonly demoKey: boolean;
      /** Unix seconds of the list it was checked against. */
      readonly listIssuedAt: number;
    }
  | { readonly verdict: "forged" }
  | { readonly verdict: "revoked"; readonly claims: CardClaims; readonly reason: string | null }
  /** Outside its validity: `when` says whether it ended or has not begun. */
  | { readonly verdict: "expired"; readonly claims: CardClaims; readonly when: "ended" | "notYet" }
  /**
   * Genuine and in date, but the list is `days` old (null: the checker holds no list at all), or dated ahead of the
   * device by more than the clock skew (`ahead`: refused, the issuer's or the device's clock is wrong).
   */
  | {
      readonly verdict: "staleList";
      readonly claims: CardClaims;
      readonly demoKey: boolean;
      readonly days: number | null;
      readonly ahead?: true;
    }
  /** `aheadFrom`: the key is published, but its first day is ahead of the device's clock (key-dates.ts). */
  | { readonly verdict: "unknownKey"; readonly kid: string; readonly aheadFrom?: string };

export interface CheckContext {
  readonly keys: readonly VerifyingKey[];
  /** The newest list whose signature was checked (revocation.ts `verifyRevocationList`), or null. */
  readonly revocations: RevocationList | null;
  readonly now: Date;
}

export const checkSignedCard = async (message: Uint8Array, context: CheckContext): Promise<Verdict> => {
  const signed = await verifySign1(message, context.keys);
  if (!signed.ok)
    return signed.reason === "unknownKey" ? { verdict: "unknownKey", kid: kidHex(signed.kid) } : { verdict: "forged" };
  if (signed.key.aheadFrom !== undefined)
    return { verdict: "unknownKey", kid: kidHex(signed.key.kid), aheadFrom: signed.key.aheadFrom };
  const claims = decodeClaims(signed.payload);
  if (!claims) return { verdict: "forged" };
  const now = context.now.getTime() / 1000;
  if (now > claims.validUntil) return { verdict: "expired", claims, when: "ended" };
  if (now < claims.validFrom) return { verdict: "expired", claims, when: "notYet" };
  const demoKey = signed.key.demo;
  const list = context.revocations;
  if (!list) return { verdict: "staleList", claims, demoKey, days: null };
  if (listFromFuture(list, context.now)) return { verdict: "staleList", claims, demoKey, days: null, ahead: true };
  const entry = revocationOf(list, claims);
  if (entry) return { verdict: "revoked", claims, reason: entry.reason };
  if (listStale(list, context.now))
    return { verdict: "staleList", claims, demoKey, days: listAgeDays(list, context.now) };
  return { verdict: "valid", claims, demoKey, listIssuedAt: list.issuedAt };
};
