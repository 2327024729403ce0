import { describe, expect, it, vi } from "vitest";
import { waitFor } from "xstate";
import { signedCardUrl } from "../signed/sign";
import { sampleClaims, seconds } from "../signed/test-support";
import type { CardCheckView } from "./card-check-view";
import type { CardClaims } from "../signed/payload";
import { mergeKindTrust, prepareTrust } from "../browser/verify-trust";
import { issuer, now, start, verdictOf } from "./verifier-testing";

const checkUrl = "https://cards.univ.test/check/student/card/tok-42";

/** The backend's public answer for the card these claims name, as the check page projects it. */
const viewOf = (claims: CardClaims, life: Partial<CardCheckView["life"]> = {}, valid = true): CardCheckView => ({
  kind: claims.kind,
  valid,
  code: claims.code,
  register: claims.register,
  firstname: claims.givenNames,
  lastname: claims.familyName,
  photo: "data:image/png;base64,iVBOR",
  academicYear: "2026/2027",
  refs: [],
  emergency: { bloodGroup: 1, allergies: "", contactName: "", contactPhone: "" },
  life: { state: null, reason: null, at: null, validUntil: null, sequence: null, updateAt: "2026-09-01", ...life },
});

describe("the offline checker", () => {
  it("a genuine card on a fresh list is valid, checked offline against that list, with one sound", async () => {
    const { signing, jwks, list } = await issuer();
    const fresh = await list("2026-11-26T07:00:00Z");
    const { actor, sounds } = start({ stored: { student: { jwks, list: fresh } } });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({
      result: "verdict",
      verdict: { verdict: "valid", claims: { code: "ETU000042", familyName: "NGO BIYONG" }, demoKey: false },
      card: { kind: "student", token: "tok-42" },
      listIssuedAt: seconds("2026-11-26T07:00:00Z"),
    });
    expect(actor.getSnapshot().context.checkedOffline).toBe(true);
    expect(sounds.map((s) => s.result)).toEqual(["verdict"]);
  });

  it("a flipped byte in the signed part is forged or altered", async () => {
    const { signing, jwks, list } = await issuer();
    const { actor } = start({ stored: { student: { jwks, list: await list("2026-11-26T07:00:00Z") } } });
    const url = await signedCardUrl(checkUrl, sampleClaims, signing);
    // The family name's first letter, in the base64url text: another letter decodes to other payload bytes.
    const at = url.indexOf("#s1.") + 4 + 40;
    const tampered = `${url.slice(0, at)}${url[at] === "A" ? "B" : "A"}${url.slice(at + 1)}`;
    actor.send({ type: "SUBMIT", text: tampered });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "forged" } });
  });

  it("a card signed by a key the checker does not hold is an unknown key", async () => {
    const held = await issuer();
    const other = await issuer();
    const { actor } = start({
      stored: { student: { jwks: held.jwks, list: await held.list("2026-11-26T07:00:00Z") } },
    });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, other.signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "unknownKey" }, keysHeld: true });
  });

  it("a key past its last published day is not trusted, as on the check page", async () => {
    const retired = await issuer(false, { from: "2020-01-01", until: "2025-12-31" });
    const { actor } = start({
      stored: { student: { jwks: retired.jwks, list: await retired.list("2026-11-26T07:00:00Z") } },
    });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, retired.signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "unknownKey" } });
  });

  it("a card past its last valid day is expired", async () => {
    const { signing, jwks, list } = await issuer();
    const { actor } = start({ stored: { student: { jwks, list: await list("2026-11-26T07:00:00Z") } } });
    const old = {
      ...sampleClaims,
      validFrom: seconds("2025-09-01T00:00:00Z"),
      validUntil: seconds("2026-08-31T22:59:59Z"),
    };
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, old, signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "expired", when: "ended" } });
  });

  it("a card the kept list revokes is revoked, with its reason", async () => {
    const { signing, jwks, list } = await issuer();
    const revoked = await list("2026-11-26T07:00:00Z", [{ code: "ETU000042", below: 2, reason: "stolen" }]);
    const { actor } = start({ stored: { student: { jwks, list: revoked } } });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "revoked", reason: "stolen" } });
  });

  it("a genuine card on a list more than 7 days old says how old the list is", async () => {
    const { signing, jwks, list } = await issuer(true);
    const { actor } = start({ stored: { student: { jwks, list: await list("2026-11-16T07:00:00Z") } } });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "staleList", days: 10, demoKey: true } });
  });

  it("online, the keys and list are refreshed first, and the holder's photo is added to a card's verdict", async () => {
    const { signing, jwks, list } = await issuer();
    const stored = { student: { jwks, list: await list("2026-11-26T07:00:00Z") } };
    const { actor } = start({
      stored: {},
      online: true,
      refresh: () => prepareTrust(stored, now),
      answer: async () => viewOf(sampleClaims),
    });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "valid" } });
    const shown = await waitFor(actor, (s) => s.context.photo !== undefined);
    expect(shown.context.photo).toBe("data:image/png;base64,iVBOR");
    expect(shown.context.checkedOffline).toBe(false);
  });

  it("a new paste while a check is in flight cancels it: the verdict is the new text's, never the previous card's", async () => {
    const { signing, jwks, list } = await issuer();
    const stored = { student: { jwks, list: await list("2026-11-26T07:00:00Z") } };
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { actor } = start({
      stored: {},
      online: true,
      refresh: async () => {
        await held;
        return prepareTrust(stored, now);
      },
    });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, signing) });
    await waitFor(actor, (s) => s.matches({ check: "verifying" }));
    const garbage = `${checkUrl}#s1.${"A".repeat(5000)}`;
    actor.send({ type: "SUBMIT", text: garbage });
    release();
    expect(await verdictOf(actor, 1)).toEqual({ result: "notSigned", checkUrl: null });
    expect(actor.getSnapshot().context.text).toBe(garbage);
  });

  it("online, the backend's answer wins over the kept list: a card suspended since is revoked, with its reason", async () => {
    const { signing, jwks, list } = await issuer();
    const stored = { student: { jwks, list: await list("2026-11-26T07:00:00Z") } };
    const { actor, sounds } = start({
      stored,
      online: true,
      refresh: () => prepareTrust(stored, now),
      answer: async () => viewOf(sampleClaims, { state: "suspended", reason: "stolen" }, false),
    });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "revoked", reason: "stolen" } });
    expect(sounds.map((s) => s.result === "verdict" && s.verdict.verdict)).toEqual(["revoked"]);
    expect(actor.getSnapshot().context.confirmedAt).toBe(now.getTime());
  });

  it("a genuine fragment on another card's address is forged or altered online, with no photo", async () => {
    const { signing, jwks, list } = await issuer();
    const stored = { student: { jwks, list: await list("2026-11-26T07:00:00Z") } };
    const other = { ...sampleClaims, code: "ETU000043", familyName: "ATANGANA", givenNames: "Paul" };
    const { actor } = start({
      stored,
      online: true,
      refresh: () => prepareTrust(stored, now),
      answer: async () => viewOf(other),
    });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "forged" } });
    expect(actor.getSnapshot().context.photo).toBeNull();
  });

  it("while open online, keys and list are refreshed every 15 minutes and when the page is shown again", async () => {
    vi.useFakeTimers();
    try {
      let refreshed = 0;
      const { actor } = start({
        stored: {},
        online: true,
        refresh: async () => {
          refreshed += 1;
          return prepareTrust({}, now);
        },
      });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ trust: "ready" })).toBe(true));
      expect(refreshed).toBe(1);
      await vi.advanceTimersByTimeAsync(15 * 60_000);
      await vi.waitFor(() => expect(refreshed).toBe(2));
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ trust: "ready" })).toBe(true));
      actor.send({ type: "SHOWN" });
      await vi.waitFor(() => expect(refreshed).toBe(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it("online, a scan refreshes keys and list first when they are older than a few minutes, not when just fetched", async () => {
    const { signing, jwks, list } = await issuer();
    let refreshed = 0;
    let clock = now;
    const { actor } = start({
      stored: {},
      online: true,
      clock: () => clock,
      refresh: async () => {
        refreshed += 1;
        return prepareTrust({ student: { jwks, list: await list("2026-11-26T07:00:00Z") } }, now);
      },
      answer: async () => viewOf(sampleClaims),
    });
    const card = await signedCardUrl(checkUrl, sampleClaims, signing);
    actor.send({ type: "SUBMIT", text: card });
    await verdictOf(actor, 1);
    expect(refreshed).toBe(1);
    clock = new Date(now.getTime() + 2 * 60_000);
    actor.send({ type: "SUBMIT", text: card });
    await verdictOf(actor, 2);
    expect(refreshed).toBe(1);
    clock = new Date(now.getTime() + 6 * 60_000);
    actor.send({ type: "SUBMIT", text: card });
    await verdictOf(actor, 3);
    expect(refreshed).toBe(2);
  });

  it("a newer list always replaces an older one; an older one fetched later never replaces a newer", async () => {
    const { jwks, list } = await issuer();
    const older = await list("2026-11-25T07:00:00Z");
    const newer = await list("2026-11-26T07:00:00Z", [{ code: "ETU000042", below: 2, reason: "stolen" }]);
    expect((await mergeKindTrust({ jwks, list: older }, { jwks, list: newer }, now)).list).toEqual(newer);
    expect((await mergeKindTrust({ jwks, list: newer }, { jwks, list: older }, now)).list).toEqual(newer);
  });

  it("a card signed by a key whose first day is ahead of the device is refused, with that day", async () => {
    const ahead = await issuer(false, { from: "2026-12-01", until: "2036-01-01" });
    const { actor } = start({ stored: { student: { jwks: ahead.jwks, list: null } } });
    actor.send({ type: "SUBMIT", text: await signedCardUrl(checkUrl, sampleClaims, ahead.signing) });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "unknownKey", aheadFrom: "2026-12-01" } });
  });

  it("a kept list dated in the future never outranks a later one: the list that revokes a card replaces it", async () => {
    const { jwks, list } = await issuer();
    const ahead = await list("2027-01-01T00:00:00Z");
    const fresh = await list("2026-11-26T07:00:00Z", [{ code: "ETU000042", below: 2, reason: "stolen" }]);
    expect((await mergeKindTrust({ jwks, list: ahead }, { jwks, list: fresh }, now)).list).toEqual(fresh);
  });

  it("when the network returns, the keys and list are refreshed: a card the old list could not vouch for is valid", async () => {
    const { signing, jwks, list } = await issuer();
    const old = { student: { jwks, list: await list("2026-11-16T07:00:00Z") } };
    const fresh = { student: { jwks, list: await list("2026-11-26T07:00:00Z") } };
    let refreshed = 0;
    const { actor } = start({
      stored: old,
      refresh: () => {
        refreshed++;
        return prepareTrust(fresh, now);
      },
    });
    const card = await signedCardUrl(checkUrl, sampleClaims, signing);
    actor.send({ type: "SUBMIT", text: card });
    expect(await verdictOf(actor, 1)).toMatchObject({ verdict: { verdict: "staleList", days: 10 } });
    expect(refreshed).toBe(0);
    actor.send({ type: "ONLINE" });
    await waitFor(actor, (s) => s.matches({ trust: "ready" }) && s.context.online);
    expect(refreshed).toBe(1);
    actor.send({ type: "SUBMIT", text: card });
    expect(await verdictOf(actor, 2)).toMatchObject({
      verdict: { verdict: "valid" },
      listIssuedAt: seconds("2026-11-26T07:00:00Z"),
    });
  });

  it("every scan of another code is a new verdict; the camera's repeats of the same code are not", async () => {
    const { signing, jwks, list } = await issuer();
    const { actor, sounds } = start({ stored: { student: { jwks, list: await list("2026-11-26T07:00:00Z") } } });
    const first = await signedCardUrl(checkUrl, sampleClaims, signing);
    const second = await signedCardUrl(checkUrl, { ...sampleClaims, code: "ETU000043" }, signing);
    actor.send({ type: "SCANNED", text: first });
    await verdictOf(actor, 1);
    actor.send({ type: "SCANNED", text: first });
    actor.send({ type: "SCANNED", text: second });
    expect(await verdictOf(actor, 2)).toMatchObject({ verdict: { claims: { code: "ETU000043" } } });
    expect(sounds).toHaveLength(2);
  });

  it("a refused camera is said as such, and can be asked again", async () => {
    const { jwks } = await issuer();
    const { actor } = start({
      stored: { student: { jwks, list: null } },
      camera: (send) => send({ type: "CAMERA_DENIED" }),
    });
    actor.send({ type: "OPEN_CAMERA" });
    await waitFor(actor, (s) => s.matches({ camera: "denied" }));
    actor.send({ type: "OPEN_CAMERA" });
    expect(actor.getSnapshot().matches({ camera: "denied" })).toBe(true);
  });

  it("a text that is not a signed check URL is said to carry no signature", async () => {
    const { jwks } = await issuer();
    const { actor } = start({ stored: { student: { jwks, list: null } } });
    actor.send({ type: "SUBMIT", text: "https://cards.univ.test/check/student/card/tok-42" });
    expect(await verdictOf(actor, 1)).toEqual({
      result: "notSigned",
      checkUrl: "https://cards.univ.test/check/student/card/tok-42",
    });
  });
});
