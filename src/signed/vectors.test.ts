import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import vectors from "../../docs/signed-qr-vectors.json";
import { fromHex, toHex } from "./base64url";
import { checkSignedUrl, parseSignedCheckUrl } from "./fragment";
import { kidOfJwk, verifyingKeys } from "./keys";
import { verifyRevocationList } from "./revocation";

/**
 * docs/signed-qr-vectors.json, the format's fixed examples, through the app's own checker: with WebCrypto, and as on
 * a plain-http page (the classroom's LAN address), where the browser gives no `crypto.subtle`.
 */
describe.each([
  ["with WebCrypto", false],
  ["without crypto.subtle (plain http)", true],
])("signed QR test vectors (docs/signed-qr-vectors.json), %s", (_, plainHttp) => {
  beforeEach(() => {
    // What such a page's `crypto` holds: no `subtle`.
    if (plainHttp) vi.stubGlobal("crypto", {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("the demo key's kid is the first 8 bytes of SHA-256 over its uncompressed point", async () => {
    const kid = await kidOfJwk(vectors.jwks.keys[0] ?? {});
    expect(kid && toHex(kid)).toBe(vectors.kid_hex);
  });

  it("the revocation list verifies with the JWKS", async () => {
    const keys = await verifyingKeys(vectors.jwks);
    const list = await verifyRevocationList(fromHex(vectors.revocation_list.cose_hex), keys);
    expect(list).toEqual({
      issuedAt: vectors.revocation_list.issued_at,
      entries: vectors.revocation_list.entries.map(([code, below, reason]) => ({ code, below, reason })),
    });
  });

  it.each(vectors.vectors.map((v) => [v.name, v] as const))("%s: the expected verdict", async (_, vector) => {
    const keys = await verifyingKeys(vectors.jwks);
    const revocations = await verifyRevocationList(fromHex(vectors.revocation_list.cose_hex), keys);
    expect(toHex(parseSignedCheckUrl(vector.url)?.message ?? new Uint8Array())).toBe(vector.cose_hex);
    const verdict = await checkSignedUrl(vector.url, { keys, revocations, now: new Date(vector.now) });
    expect(verdict).toMatchObject(vector.expected);
    if (verdict && "claims" in verdict) {
      const c = vector.claims;
      expect(verdict.claims).toEqual({
        kind: c.kind,
        code: c.code,
        register: c.register,
        familyName: c.family_name,
        givenNames: c.given_names,
        unit: c.unit,
        validFrom: c.valid_from,
        validUntil: c.valid_until,
        sequence: c.sequence,
        issuer: c.issuer,
      });
    }
  });
});
