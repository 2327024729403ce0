// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { deferred } from "../../../tests/fixtures/deferred";
import { SIGNED_TRUST_KEY } from "../../browser/local-storage";
import { generatePrivateJwk, publicJwk, signingKeyFromJwk, type PublicJwk } from "../../signed/keys";
import { signedCardUrl } from "../../signed/sign";
import { sampleClaims } from "../../signed/test-support";
import { keepTrust, prepareTrust, readKeptTrust } from "../../browser/verify-trust";
import { checkText } from "../../machines/verifier-check";
import { verifyCheckFragment } from "./signed-check";

const now = new Date("2026-11-26T08:00:00+01:00");
const keysPath = "/student/api/v1/signed-qr/keys/";
const checkUrl = "https://cartes.univ.test/check/student/card/Qm9uam91ciBsZSBtb25kZQ";

const issuer = async (validity = { from: "2026-01-01", until: "2027-12-31" }, demo = false) => {
  const jwk = await generatePrivateJwk();
  return { signing: await signingKeyFromJwk(jwk), jwks: { keys: [await publicJwk(jwk, validity, demo)] } };
};

/** The API layer's keys call, counted: it answers `jwks`, or fails as a backend that is down. */
const endpoint = (jwks: { keys: PublicJwk[] } | null) => {
  const calls: number[] = [];
  const fetchKeys = async () => {
    calls.push(calls.length);
    if (!jwks) throw new Error("down");
    return jwks;
  };
  return { calls, fetchKeys };
};

describe("the check page's reading of a signed fragment", () => {
  beforeEach(() => localStorage.clear());

  it("is genuine with the published keys; a repeat visit verifies from storage without waiting for them", async () => {
    const { signing, jwks } = await issuer();
    const url = await signedCardUrl(checkUrl, sampleClaims, signing);
    const first = endpoint(jwks);
    expect(await verifyCheckFragment(url, { keysPath, now, fetchKeys: first.fetchKeys })).toEqual({
      status: "genuine",
      claims: sampleClaims,
      demoKey: false,
    });
    expect(first.calls).toHaveLength(1);
    expect(localStorage.getItem(SIGNED_TRUST_KEY)).toContain(jwks.keys[0]!.x);

    // The network never answers: the stored keys do.
    const stalled = deferred<{ keys: PublicJwk[] }>();
    const verdict = await verifyCheckFragment(url, { keysPath, now, fetchKeys: () => stalled.promise });
    expect(verdict).toMatchObject({ status: "genuine" });
  });

  it("any flipped byte of the fragment is forged; a fragment signed for another kind than the path is too", async () => {
    const { signing, jwks } = await issuer();
    const url = await signedCardUrl(checkUrl, sampleClaims, signing);
    const hash = url.indexOf("#s1.") + 4;
    const swapped = url.slice(0, hash + 40) + (url[hash + 40] === "A" ? "B" : "A") + url.slice(hash + 41);
    expect(await verifyCheckFragment(swapped, { keysPath, now, fetchKeys: endpoint(jwks).fetchKeys })).toEqual({
      status: "forged",
    });
    const staffPath = url.replace("/check/student/", "/check/staff/");
    expect(await verifyCheckFragment(staffPath, { keysPath, now, fetchKeys: endpoint(jwks).fetchKeys })).toEqual({
      status: "forged",
    });
  });

  it("a kid the stored keys lack sends for the published ones; absent there too, an unknown key", async () => {
    const old = await issuer();
    const rotated = await issuer();
    const url = await signedCardUrl(checkUrl, sampleClaims, rotated.signing);
    await verifyCheckFragment(url, { keysPath, now, fetchKeys: endpoint(old.jwks).fetchKeys });
    const fresh = endpoint(rotated.jwks);
    expect(await verifyCheckFragment(url, { keysPath, now, fetchKeys: fresh.fetchKeys })).toMatchObject({
      status: "genuine",
    });
    expect(fresh.calls).toHaveLength(1);

    const stranger = await issuer();
    const forgedUrl = await signedCardUrl(checkUrl, sampleClaims, stranger.signing);
    expect(
      await verifyCheckFragment(forgedUrl, { keysPath, now, fetchKeys: endpoint(rotated.jwks).fetchKeys }),
    ).toEqual({
      status: "unknownKey",
    });
  });

  it("a key is trusted only within its published valid_from and valid_until days", async () => {
    for (const [validity, expected] of [
      [
        { from: "2026-11-27", until: "2030-12-31" },
        { status: "unknownKey", aheadFrom: "2026-11-27" },
      ],
      [{ from: "2020-01-01", until: "2026-11-25" }, { status: "unknownKey" }],
    ] as const) {
      localStorage.clear();
      const { signing, jwks } = await issuer(validity);
      const url = await signedCardUrl(checkUrl, sampleClaims, signing);
      expect(
        await verifyCheckFragment(url, { keysPath, now, fetchKeys: endpoint(jwks).fetchKeys }),
        validity.from,
      ).toEqual(expected);
    }
    localStorage.clear();
    const lastDay = await issuer({ from: "2026-11-26", until: "2026-11-26" });
    const url = await signedCardUrl(checkUrl, sampleClaims, lastDay.signing);
    expect(
      await verifyCheckFragment(url, { keysPath, now, fetchKeys: endpoint(lastDay.jwks).fetchKeys }),
    ).toMatchObject({
      status: "genuine",
    });
  });

  it("says expired after the signed validity, marks a demo key, and knows when no keys could be had", async () => {
    const { signing, jwks } = await issuer(undefined, true);
    const url = await signedCardUrl(checkUrl, sampleClaims, signing);
    expect(await verifyCheckFragment(url, { keysPath, now, fetchKeys: endpoint(jwks).fetchKeys })).toMatchObject({
      status: "genuine",
      demoKey: true,
    });
    expect(
      await verifyCheckFragment(url, {
        keysPath,
        now: new Date("2027-09-01T00:00:00+01:00"),
        fetchKeys: endpoint(jwks).fetchKeys,
      }),
    ).toMatchObject({ status: "expired", when: "ended" });
    localStorage.clear();
    expect(await verifyCheckFragment(url, { keysPath, now, fetchKeys: endpoint(null).fetchKeys })).toEqual({
      status: "unavailable",
    });
  });

  it("without a signed fragment: nothing to say, nothing fetched", async () => {
    const none = endpoint({ keys: [] });
    expect(await verifyCheckFragment(checkUrl, { keysPath, now, fetchKeys: none.fetchKeys })).toBeNull();
    expect(await verifyCheckFragment(`${checkUrl}#top`, { keysPath, now, fetchKeys: none.fetchKeys })).toBeNull();
    expect(none.calls).toEqual([]);
  });

  it("keeps the keys where /verify finds them: one copy, the kind's kept list left in place", async () => {
    const { signing, jwks } = await issuer();
    const list = { issued_at: "2026-11-26T07:00:00Z", cose: "kept" };
    keepTrust({ student: { jwks: { keys: [] }, list } });
    const url = await signedCardUrl(checkUrl, sampleClaims, signing);
    await verifyCheckFragment(url, { keysPath, now, fetchKeys: endpoint(jwks).fetchKeys });
    expect(readKeptTrust().student).toEqual({ jwks, list });
    // /verify, opened afterwards with no network, verifies the same card with them.
    const trust = await prepareTrust(readKeptTrust(), now);
    expect(await checkText(url, trust, now, "https://cartes.univ.test")).toMatchObject({
      result: "verdict",
      verdict: { claims: { code: sampleClaims.code } },
      keysHeld: true,
    });
  });
});
