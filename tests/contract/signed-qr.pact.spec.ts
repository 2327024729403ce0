/**
 * Contract of the `signed-qr` extension (docs/extensions.md), in the extensions' own pact: each kind's public keys
 * (a JWKS) and its signed revocation list, both public. The examples are the test vectors' key and list
 * (docs/signed-qr-vectors.json), so a checker could verify them as they are.
 */
import { MatchersV3 as M } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import vectors from "../../docs/signed-qr-vectors.json";
import { kindIds } from "../../src/api/kind-ids";
import { getSignedQrKeys, getSignedRevocationList } from "../../src/api/endpoints/signed-qr";
import { kinds } from "../../src/kinds";
import { fromBase64url, fromHex, toBase64url } from "../../src/signed/base64url";
import { verifyingKeys } from "../../src/signed/keys";
import { verifyRevocationList } from "../../src/signed/revocation";
import { JSON_ANSWER, newPact, state, useApi } from "./support/pact";

const pact = newPact("signed-qr", "extensions");
const key = vectors.jwks.keys[0]!;
const signedQrKey = state("signedQrKey", { kid: key.kid });
const base64url = (length: string, example: string) => M.regex(`^[A-Za-z0-9_-]{${length}}$`, example);
const day = (example: string) => M.regex("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", example);

describe.each(kindIds)("%s, signed-qr", (kindId) => {
  const kind = kinds[kindId];

  it("publishes the issuer's public keys, which a checker can use", async () => {
    await pact
      .interaction(signedQrKey)
      .uponReceiving(`a request for the keys that sign ${kindId} card QR codes`)
      .withRequest("GET", kind.paths.signedQrKeys)
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          keys: M.eachLike({
            kty: "EC",
            crv: "P-256",
            x: base64url("43", key.x),
            y: base64url("43", key.y),
            kid: base64url("11", key.kid),
            alg: "ES256",
            use: "sig",
            valid_from: day(key.valid_from),
            valid_until: day(key.valid_until),
            // The test vectors' key is a demo key, published as one: a checker marks what it signs
            // ("clé de démonstration"). A university's own key leaves `demo` out.
            demo: true,
          }),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const jwks = await getSignedQrKeys(kind);
        expect(jwks.keys.map((k) => k.kid)).toEqual([key.kid]);
        expect((await verifyingKeys(jwks)).map((k) => k.demo)).toEqual([true]);
      });
  });

  it("publishes the kind's revocation list, signed by those keys", async () => {
    await pact
      .interaction(signedQrKey, state("withdrawnCard", { kind: kindId }))
      .uponReceiving(`a request for the signed revocation list of ${kindId} cards`)
      .withRequest("GET", kind.paths.signedQrRevocations)
      .willRespondWith(200, (b) =>
        b.headers(JSON_ANSWER).jsonBody({
          issued_at: M.regex("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(Z|[+-][0-9:]+)$", "2026-11-26T06:00:00.000Z"),
          cose: base64url("40,", toBase64url(fromHex(vectors.revocation_list.cose_hex))),
        }),
      )
      .executeTest(async (server) => {
        useApi(server.url, null);
        const answer = await getSignedRevocationList(kind);
        const list = await verifyRevocationList(
          fromBase64url(answer.cose) ?? new Uint8Array(),
          await verifyingKeys(vectors.jwks),
        );
        expect(list?.entries.map((e) => e.reason)).toEqual(["lost"]);
      });
  });
});
