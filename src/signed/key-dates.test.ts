import { describe, expect, it } from "vitest";
import { generatePrivateJwk, publicJwk, signingKeyFromJwk } from "./keys";
import { keysAt } from "./key-dates";
import { signCardClaims } from "./sign";
import { sampleClaims } from "./test-support";
import { checkSignedCard } from "./verdict";

const issuer = async (from: string, until = "2030-12-31") => {
  const jwk = await generatePrivateJwk();
  return { signing: await signingKeyFromJwk(jwk), jwks: { keys: [await publicJwk(jwk, { from, until })] } };
};

const verdictAt = async (from: string, now: Date) => {
  const { signing, jwks } = await issuer(from);
  const message = await signCardClaims(sampleClaims, signing);
  return checkSignedCard(message, { keys: await keysAt(jwks, now), revocations: null, now });
};

describe("a key's published days, by the device's clock", () => {
  it("a key whose first day starts more than 10 minutes ahead is refused, and the verdict says from when", async () => {
    expect(await verdictAt("2026-11-27", new Date("2026-11-26T23:49:00Z"))).toMatchObject({
      verdict: "unknownKey",
      aheadFrom: "2026-11-27",
    });
  });

  it("within 10 minutes of its first day (clocks differ a little) it verifies", async () => {
    expect(await verdictAt("2026-11-27", new Date("2026-11-26T23:51:00Z"))).toMatchObject({
      verdict: "staleList",
      claims: { code: sampleClaims.code },
    });
  });

  it("a retired key verifies nothing, and says nothing about dates", async () => {
    const { signing, jwks } = await issuer("2020-01-01", "2026-11-25");
    const now = new Date("2026-11-26T08:00:00Z");
    const message = await signCardClaims(sampleClaims, signing);
    const verdict = await checkSignedCard(message, { keys: await keysAt(jwks, now), revocations: null, now });
    expect(verdict).toEqual({ verdict: "unknownKey", kid: expect.any(String) });
  });
});
