import { describe, expect, it } from "vitest";
import { CborTag, decodeCbor, encodeCbor, isCborArray, type CborValue } from "./cbor";
import { kidHex } from "./keys";
import { decodeClaims } from "./payload";
import { signRevocationList, verifyRevocationList, type RevocationList } from "./revocation";
import { signCardClaims } from "./sign";
import { newIssuer, sampleClaims, seconds } from "./test-support";
import { checkSignedCard } from "./verdict";

const now = new Date("2026-11-26T08:00:00+01:00");
const freshList: RevocationList = { issuedAt: seconds("2026-11-26T07:00:00+01:00"), entries: [] };

describe("signed card verdicts", () => {
  it("a card signed by the issuer is valid, with its claims and the list it was checked against", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    const verdict = await checkSignedCard(message, { keys: issuer.verifying, revocations: freshList, now });
    expect(verdict).toEqual({
      verdict: "valid",
      claims: sampleClaims,
      demoKey: false,
      listIssuedAt: freshList.issuedAt,
    });
  });

  it("any flipped byte is forged or altered (or an unknown key when it lands in the kid)", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    for (let i = 0; i < message.length; i++) {
      const altered = message.slice();
      altered[i] = (altered[i] ?? 0) ^ 0x01;
      const verdict = await checkSignedCard(altered, { keys: issuer.verifying, revocations: freshList, now });
      expect(["forged", "unknownKey"], `byte ${i}`).toContain(verdict.verdict);
    }
  });

  it("a changed name with the original signature is forged", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    const tag = decodeCbor(message);
    if (!(tag instanceof CborTag) || !isCborArray(tag.value)) throw new Error("not a COSE_Sign1");
    const [protectedBytes, unprotected, , signature] = tag.value;
    const payload = encodeCbor(
      new Map<number, CborValue>([
        [1, 1],
        [2, "student"],
        [3, "ETU000042"],
        [4, "21S4242"],
        [5, "IMPOSTOR"],
        [6, "Marie-Thérèse"],
        [7, "FS"],
        [8, sampleClaims.validFrom],
        [9, sampleClaims.validUntil],
        [10, 1],
        [11, "USA"],
      ]),
    );
    expect(decodeClaims(payload)?.familyName).toBe("IMPOSTOR");
    const forged = encodeCbor(new CborTag(18, [protectedBytes!, unprotected!, payload, signature!]));
    expect(await checkSignedCard(forged, { keys: issuer.verifying, revocations: freshList, now })).toEqual({
      verdict: "forged",
    });
  });

  it("a wrong kid: signed by a key the checker does not hold is an unknown key; another issuer's kid is forged", async () => {
    const issuer = await newIssuer();
    const other = await newIssuer();
    const message = await signCardClaims(sampleClaims, other.signing);
    expect(await checkSignedCard(message, { keys: issuer.verifying, revocations: freshList, now })).toEqual({
      verdict: "unknownKey",
      kid: kidHex(other.signing.kid),
    });
    const claimed = await signCardClaims(sampleClaims, {
      kid: issuer.signing.kid,
      privateKey: other.signing.privateKey,
    });
    expect(await checkSignedCard(claimed, { keys: issuer.verifying, revocations: freshList, now })).toEqual({
      verdict: "forged",
    });
  });

  it("after its last valid day a card is expired; before its first, not yet valid", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    const context = { keys: issuer.verifying, revocations: freshList };
    expect(await checkSignedCard(message, { ...context, now: new Date("2027-09-01T00:00:00+01:00") })).toMatchObject({
      verdict: "expired",
      when: "ended",
    });
    expect(await checkSignedCard(message, { ...context, now: new Date("2026-08-31T23:00:00+01:00") })).toMatchObject({
      verdict: "expired",
      when: "notYet",
    });
  });

  it("a list entry revokes the card's earlier sequences, with its reason, even when the list is old", async () => {
    const issuer = await newIssuer();
    const first = await signCardClaims(sampleClaims, issuer.signing);
    const second = await signCardClaims({ ...sampleClaims, sequence: 2 }, issuer.signing);
    const signedList = await signRevocationList(
      { issuedAt: freshList.issuedAt, entries: [{ code: "ETU000042", below: 2, reason: "lost" }] },
      issuer.signing,
    );
    const revocations = await verifyRevocationList(signedList, issuer.verifying);
    expect(revocations?.entries).toEqual([{ code: "ETU000042", below: 2, reason: "lost" }]);
    const context = { keys: issuer.verifying, revocations, now };
    expect(await checkSignedCard(first, context)).toMatchObject({ verdict: "revoked", reason: "lost" });
    expect(await checkSignedCard(second, context)).toMatchObject({ verdict: "valid" });
    const later = { ...context, now: new Date("2027-01-26T08:00:00+01:00") };
    expect(await checkSignedCard(first, later)).toMatchObject({ verdict: "revoked", reason: "lost" });
  });

  it("a list more than 7 days old: genuine, but the verdict says how old; no list at all says so too", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    const keys = issuer.verifying;
    expect(
      await checkSignedCard(message, { keys, revocations: freshList, now: new Date("2026-12-03T07:00:00+01:00") }),
    ).toMatchObject({
      verdict: "valid",
    });
    expect(
      await checkSignedCard(message, { keys, revocations: freshList, now: new Date("2026-12-04T07:00:00+01:00") }),
    ).toMatchObject({
      verdict: "staleList",
      days: 8,
      claims: sampleClaims,
    });
    expect(await checkSignedCard(message, { keys, revocations: null, now })).toMatchObject({
      verdict: "staleList",
      days: null,
    });
  });

  it("a list is stale after exactly 7 × 24 h, and one dated more than 10 minutes ahead of the device is refused", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    const keys = issuer.verifying;
    const at = (ms: number) => new Date(freshList.issuedAt * 1000 + ms);
    const week = 7 * 86_400_000;
    expect(await checkSignedCard(message, { keys, revocations: freshList, now: at(week) })).toMatchObject({
      verdict: "valid",
    });
    expect(await checkSignedCard(message, { keys, revocations: freshList, now: at(week + 1000) })).toMatchObject({
      verdict: "staleList",
      days: 7,
    });
    expect(await checkSignedCard(message, { keys, revocations: freshList, now: at(-10 * 60_000) })).toMatchObject({
      verdict: "valid",
    });
    expect(
      await checkSignedCard(message, { keys, revocations: freshList, now: at(-10 * 60_000 - 1000) }),
    ).toMatchObject({ verdict: "staleList", days: null, ahead: true });
  });

  it("a revocation list is trusted only with a genuine signature", async () => {
    const issuer = await newIssuer();
    const other = await newIssuer();
    const signedList = await signRevocationList(freshList, issuer.signing);
    expect(await verifyRevocationList(signedList, issuer.verifying)).toEqual(freshList);
    expect(await verifyRevocationList(signedList, other.verifying)).toBeNull();
    const altered = signedList.slice();
    altered[altered.length - 70] = (altered[altered.length - 70] ?? 0) ^ 0x10;
    expect(await verifyRevocationList(altered, issuer.verifying)).toBeNull();
  });
});
