import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { toBase64url } from "./base64url";
import { checkSignedUrl, MAX_SIGNED_URL_CHARS, parseSignedCheckUrl, payloadBudget, signedCheckUrl } from "./fragment";
import { encodeClaims, fitClaims, MAX_PAYLOAD_BYTES } from "./payload";
import { signCardClaims, signedCardUrl } from "./sign";
import { newIssuer, sampleClaims, seconds } from "./test-support";

const now = new Date("2026-11-26T08:00:00+01:00");
const revocations = { issuedAt: seconds("2026-11-26T07:00:00+01:00"), entries: [] };
/** A long host and a 128-bit token (22 base64url characters), as the demo backend makes them. */
const checkUrl = "https://cartes.universite-de-la-sanaga.cm/check/student/card/Qm9uam91ciBsZSBtb25kZQ";

/** Every text field at a realistic maximum. */
const long = {
  ...sampleClaims,
  kind: "teacher",
  code: "ENS000042",
  register: "2026-ENS-000042",
  familyName: "NGO BIYONG ÉPOUSE MBARGA ATANGANA",
  givenNames: "Marie-Thérèse Anne-Catherine Joséphine",
  unit: "FALSH",
  validUntil: 4_102_444_799,
  sequence: 65_535,
  issuer: "univ-sanaga",
} as const;
const longNames = long.familyName.length + long.givenNames.length;

describe("signed check URL (#s1.<base64url>)", () => {
  it("the payload stays under 160 bytes, a very long name losing its end", () => {
    expect(encodeClaims(sampleClaims).length).toBeLessThan(160);
    expect(() => encodeClaims({ ...long, givenNames: `${long.givenNames} ${long.givenNames}` })).toThrow(RangeError);
    const fitted = fitClaims({ ...long, givenNames: `${long.givenNames} ${long.givenNames}` });
    expect(encodeClaims(fitted).length).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(fitted.givenNames.startsWith("Marie-Thérèse")).toBe(true);
  });

  it("the signed URL fits a QR of version 13 or below at error correction M, names shortened when they must", async () => {
    const issuer = await newIssuer();
    const teacherUrl = checkUrl.replace("/student/", "/teacher/");
    for (const [url0, claims] of [
      [checkUrl, sampleClaims],
      [teacherUrl, long],
    ] as const) {
      const url = await signedCardUrl(url0, claims, issuer.signing);
      expect(url.length).toBeLessThanOrEqual(331);
      expect(QRCode.create(url, { errorCorrectionLevel: "M" }).version).toBeLessThanOrEqual(13);
    }
    const shortened = await checkSignedUrl(await signedCardUrl(teacherUrl, long, issuer.signing), {
      keys: issuer.verifying,
      revocations,
      now,
    });
    expect(shortened).toMatchObject({ verdict: "valid", claims: { code: "ENS000042", register: long.register } });
    if (shortened?.verdict !== "valid") throw new Error("not valid");
    const { familyName, givenNames } = shortened.claims;
    expect(familyName.length + givenNames.length).toBeLessThan(longNames);
    expect([long.familyName.startsWith(familyName), long.givenNames.startsWith(givenNames)]).toEqual([true, true]);
    // The sample card keeps its names whole.
    expect(encodeClaims(sampleClaims).length).toBeLessThanOrEqual(payloadBudget(checkUrl));
    // The overhead the budget assumes is the real one.
    expect((await signCardClaims(sampleClaims, issuer.signing)).length).toBe(encodeClaims(sampleClaims).length + 85);
  });

  it("a scanned URL verifies from its fragment; a plain URL has no signed verdict", async () => {
    const issuer = await newIssuer();
    const url = signedCheckUrl(checkUrl, await signCardClaims(sampleClaims, issuer.signing));
    expect(url.startsWith(`${checkUrl}#s1.`)).toBe(true);
    expect(parseSignedCheckUrl(url)).toMatchObject({ kind: "student", token: "Qm9uam91ciBsZSBtb25kZQ" });
    const context = { keys: issuer.verifying, revocations, now };
    expect(await checkSignedUrl(url, context)).toMatchObject({ verdict: "valid", claims: sampleClaims });
    expect(await checkSignedUrl(checkUrl, context)).toBeNull();
    expect(await checkSignedUrl("not a url", context)).toBeNull();
  });

  it("a fragment that is not base64url, or signed for another kind than the URL's, is forged", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    const context = { keys: issuer.verifying, revocations, now };
    expect(await checkSignedUrl(`${checkUrl}#s1.${toBase64url(message)}+`, context)).toEqual({ verdict: "forged" });
    const staffUrl = checkUrl.replace("/student/", "/staff/");
    expect(await checkSignedUrl(signedCheckUrl(staffUrl, message), context)).toEqual({ verdict: "forged" });
  });

  it("an address longer than any card's QR is refused before any parsing, even around a genuine signature", async () => {
    const issuer = await newIssuer();
    const message = await signCardClaims(sampleClaims, issuer.signing);
    const context = { keys: issuer.verifying, revocations, now };
    const padded = signedCheckUrl(`${checkUrl}?${"x".repeat(MAX_SIGNED_URL_CHARS)}`, message);
    expect(await checkSignedUrl(padded, context)).toEqual({ verdict: "forged" });
  });
});
