// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentActivity, checkCard, fetchDigitalCard, getCard, isApiError, listCards, suspendCard } from "../api";
import { messageKeyOf } from "../api/messages";
import { kinds } from "../kinds";
import { checkSignedUrl } from "../signed/fragment";
import { isSignedQrKeys } from "../api/schemas/signed-qr";
import { verifyingKeys } from "../signed/keys";
import { DIGITAL_TOKEN_HOURS } from "./digital-card";
import { rejectionOf, useDemoServer } from "./test-support";

/** Extension `digital-card` (docs/extensions.md) as the demo backend answers it. */

const demo = useDemoServer();
beforeAll(() => demo.start());
afterAll(() => demo.stop());

const kind = kinds.student;

const lookupOf = (index: number) => {
  const db = demo.server.db;
  const card = db.cards(kind.id).filter((c) => c.valid)[index];
  if (!card) throw new Error("no card");
  const demand = db.demandOfCard(card);
  return {
    card,
    lookup: { code: demand.code, register: String(demand.fields.register), birth_at: String(demand.fields.birth_at) },
  };
};

const keys = async () => {
  const answer = await fetch(`${location.origin}${kind.paths.signedQrKeys}`);
  const jwks: unknown = await answer.json();
  if (!isSignedQrKeys(jwks)) throw new Error("not a JWKS");
  return verifyingKeys(jwks);
};

describe("demo backend, digital-card extension", () => {
  it("gives the holder the card's face and a QR signed as digital for 72 hours, and notes when it was opened", async () => {
    demo.setToken(null);
    const { card, lookup } = lookupOf(0);
    const answer = await fetchDigitalCard(kind, { ...lookup, code: lookup.code.toLowerCase() });
    expect(answer).toMatchObject({ state: "active", card: { code: card.code, register: lookup.register } });
    // What the plastic shows: never the e-mail or the phone of the person.
    expect(JSON.stringify(answer)).not.toMatch(/"(email|phone)"/);
    const now = new Date();
    const verdict = await checkSignedUrl(answer.qr ?? "", { keys: await keys(), revocations: null, now });
    expect(verdict).toMatchObject({ verdict: "staleList", claims: { code: card.code, digital: true } });
    const until = verdict && "claims" in verdict ? verdict.claims.validUntil : 0;
    expect(Math.abs(until - (now.getTime() / 1000 + DIGITAL_TOKEN_HOURS * 3600))).toBeLessThan(60);
    expect(Date.parse(answer.expires_at ?? "") / 1000).toBe(until);
    // Three days later, offline, the same screen no longer passes: expired, as a digital token.
    const later = new Date(now.getTime() + (DIGITAL_TOKEN_HOURS + 1) * 3600_000);
    expect(await checkSignedUrl(answer.qr ?? "", { keys: await keys(), revocations: null, now: later })).toMatchObject({
      verdict: "expired",
      when: "ended",
      claims: { digital: true },
    });
    expect(card.digital?.refreshed_at).toBe(answer.refreshed_at);
  });

  it("answers the same 404 whichever detail is wrong, and needs the birth date", async () => {
    demo.setToken(null);
    const { lookup } = lookupOf(1);
    for (const wrong of [
      { ...lookup, birth_at: "1900-01-01" },
      { ...lookup, register: "ZZ99999" },
      { ...lookup, code: "DMSTUD999999" },
    ]) {
      const error = await rejectionOf(fetchDigitalCard(kind, wrong));
      expect(isApiError(error) && { kind: error.kind, status: error.status }).toEqual({
        kind: "notFound",
        status: 404,
      });
    }
    const missing = await rejectionOf(fetchDigitalCard(kind, { ...lookup, birth_at: "" }));
    expect(isApiError(missing) && missing.content).toEqual({ birth_at: ["This field is required."] });
  });

  it("holds up wrong birth dates like /track guesses: a 429 with Retry-After, even for the right date then", async () => {
    demo.setToken(null);
    // The last holder, whom no other case looks up: the registration number's count is this case's own.
    const { lookup } = lookupOf(demo.server.db.cards(kind.id).filter((c) => c.valid).length - 1);
    const statuses = new Set<number>();
    for (let day = 1; day <= 12; day++) {
      const guess = { ...lookup, birth_at: `1990-01-${String(day).padStart(2, "0")}` };
      const error = await rejectionOf(fetchDigitalCard(kind, guess));
      if (isApiError(error) && error.status !== null) statuses.add(error.status);
    }
    expect([...statuses].sort((a, b) => a - b)).toEqual([404, 429]);
    const held = await rejectionOf(fetchDigitalCard(kind, lookup));
    expect(isApiError(held) && { kind: held.kind, status: held.status }).toEqual({ kind: "throttled", status: 429 });
    // The page says "Too many attempts" in the reader's language.
    expect(messageKeyOf(held)).toBe("errors:throttled");
    // The answer says how long to wait, as DRF's throttling does.
    const raw = await fetch(`${location.origin}${kind.paths.digitalCard}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(lookup),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("shows a suspended card's state and no QR", async () => {
    const { card, lookup } = lookupOf(2);
    await demo.signIn();
    await suspendCard(kind, card.id, { reason: "stolen", note: "", reported_by_holder: true });
    demo.setToken(null);
    const answer = await fetchDigitalCard(kind, lookup);
    expect(answer).toMatchObject({ state: "suspended", qr: null, expires_at: null });
  });

  it("tells the office when the digital card was first issued and last refreshed, and counts it that day; the public check never", async () => {
    const { card, lookup } = lookupOf(3);
    const db = demo.server.db;
    await demo.signIn();
    expect(await getCard(kind, card.id)).toMatchObject({ digital_issued_at: null, digital_refreshed_at: null });
    const clock = db.now;
    try {
      demo.setToken(null);
      db.now = () => Date.parse("2026-11-02T08:00:00Z");
      await fetchDigitalCard(kind, lookup);
      db.now = () => Date.parse("2026-11-04T18:30:00Z");
      await fetchDigitalCard(kind, lookup);
    } finally {
      db.now = clock;
    }
    await demo.signIn();
    const dates = { digital_issued_at: "2026-11-02T08:00:00.000Z", digital_refreshed_at: "2026-11-04T18:30:00.000Z" };
    expect(await getCard(kind, card.id)).toMatchObject(dates);
    const page = await listCards(kind, { search: card.code });
    expect(page.results.find((c) => c.id === card.id)).toMatchObject(dates);
    // The activity counts it on the day it was first opened, in a row of no agent; the refresh counts for nothing.
    const activity = await agentActivity({ from: "2026-11-01", to: "2026-11-05" });
    expect(activity.filter((row) => row.agent === null)).toEqual([{ day: "2026-11-02", agent: null, digital: 1 }]);
    demo.setToken(null);
    expect(Object.keys(await checkCard(kind, card.token))).not.toContain("digital_issued_at");
  });
});
