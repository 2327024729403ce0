// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSignedQrKeys } from "../api/schemas/signed-qr";
import { kinds } from "../kinds";
import { fromBase64url } from "../signed/base64url";
import { checkSignedUrl } from "../signed/fragment";
import { verifyingKeys } from "../signed/keys";
import { verifyRevocationList } from "../signed/revocation";
import { checkUrl, toCardPdfInput } from "./card-input";
import { signedCheckUrlOf } from "./signed-qr";
import { useDemoServer } from "./test-support";

const demo = useDemoServer();
beforeAll(() => demo.start());
afterAll(() => demo.stop());

const getJson = async (path: string): Promise<unknown> => {
  const answer = await fetch(`${location.origin}${path}`);
  expect(answer.status).toBe(200);
  return answer.json();
};
const jwksOf = async (path: string) => {
  const body = await getJson(path);
  if (!isSignedQrKeys(body)) throw new Error(`not a JWKS: ${JSON.stringify(body)}`);
  return body;
};
const listOf = async (path: string) => (await getJson(path)) as { issued_at: string; cose: string };

describe("demo backend, signed-qr extension (docs/extensions.md)", () => {
  it("publishes one demo key, made once and kept with the data, the same under every kind", async () => {
    const student = await jwksOf(kinds.student.paths.signedQrKeys);
    expect(student.keys).toHaveLength(1);
    expect(student.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", demo: true });
    expect(await jwksOf(kinds.teacher.paths.signedQrKeys)).toEqual(student);
    expect(demo.server.db.data.signingKey?.jwk).toMatchObject({ x: student.keys[0]?.x, d: expect.any(String) });
    expect(await verifyingKeys(student)).toHaveLength(1);
  });

  it("signs a card's check URL so that the JWKS and the kind's revocation list say valid; a withdrawn card is revoked", async () => {
    const kind = kinds.staff;
    const keys = await verifyingKeys(await jwksOf(kind.paths.signedQrKeys));
    const db = demo.server.db;
    const [card, other] = db.cards(kind.id);
    if (!card || !other) throw new Error("no cards");
    const url = await signedCheckUrlOf(db, kind, card, checkUrl("https://cards.univ.test", kind, card.token));
    const list = await listOf(kind.paths.signedQrRevocations);
    const revocations = await verifyRevocationList(fromBase64url(list.cose) ?? new Uint8Array(), keys);
    expect(revocations?.issuedAt).toBe(Date.parse(list.issued_at) / 1000);
    const now = new Date();
    expect(await checkSignedUrl(url, { keys, revocations, now })).toMatchObject({
      verdict: "valid",
      demoKey: true,
      claims: { kind: "staff", code: card.code, sequence: 1, issuer: "USA" },
    });

    db.updateCard(card, { valid: false });
    const after = await listOf(kind.paths.signedQrRevocations);
    const withdrawn = await verifyRevocationList(fromBase64url(after.cose) ?? new Uint8Array(), keys);
    expect(withdrawn?.entries).toContainEqual({ code: card.code, below: 2, reason: "withdrawn" });
    expect(withdrawn?.entries.map((e) => e.code)).not.toContain(other.code);
    expect(await checkSignedUrl(url, { keys, revocations: withdrawn, now })).toMatchObject({
      verdict: "revoked",
      reason: "withdrawn",
    });
  });
  it("revokes a card suspended as lost or stolen, or replaced, with that reason, which a guard's verdict names", async () => {
    const kind = kinds.teacher;
    const db = demo.server.db;
    const [lost, stolen, replaced, other] = db.cards(kind.id).filter((card) => card.valid);
    if (!lost || !stolen || !replaced || !other) throw new Error("no cards");
    db.updateCard(lost, { valid: false, life: { state: "suspended", reason: "lost" } });
    db.updateCard(stolen, { valid: false, life: { state: "suspended", reason: "stolen" } });
    db.updateCard(replaced, { valid: false, life: { state: "replaced" } });
    db.updateCard(other, { valid: false, life: { state: "suspended", reason: "other" } });
    const keys = await verifyingKeys(await jwksOf(kind.paths.signedQrKeys));
    const list = await listOf(kind.paths.signedQrRevocations);
    const revocations = await verifyRevocationList(fromBase64url(list.cose) ?? new Uint8Array(), keys);
    expect(revocations?.entries).toEqual(
      expect.arrayContaining([
        { code: lost.code, below: 2, reason: "lost" },
        { code: stolen.code, below: 2, reason: "stolen" },
        { code: replaced.code, below: 2, reason: "replaced" },
        { code: other.code, below: 2, reason: "withdrawn" },
      ]),
    );
    const url = await signedCheckUrlOf(db, kind, lost, checkUrl("https://cards.univ.test", kind, lost.token));
    expect(await checkSignedUrl(url, { keys, revocations, now: new Date() })).toMatchObject({
      verdict: "revoked",
      reason: "lost",
    });
  });

  it("signs the validity end the PDF prints, and a replacement's own sequence", async () => {
    const kind = kinds.student;
    const db = demo.server.db;
    const keys = await verifyingKeys(await jwksOf(kind.paths.signedQrKeys));
    const [card] = db.cards(kind.id);
    if (!card) throw new Error("no cards");
    const printed = toCardPdfInput(db, kind, card, "https://cards.univ.test");
    const url = await signedCheckUrlOf(db, kind, card, checkUrl("https://cards.univ.test", kind, card.token));
    const verdict = await checkSignedUrl(url, { keys, revocations: null, now: new Date() });
    const claims = verdict && "claims" in verdict ? verdict.claims : null;
    // The printed "30/09/2027" is the signed last day, read in Douala.
    const signedDay = new Date(((claims?.validUntil ?? 0) + 3600) * 1000).toISOString().slice(0, 10);
    expect(printed.validUntil).toBe(signedDay.split("-").reverse().join("/"));
    expect(signedDay.slice(5)).toBe("09-30");

    db.updateCard(card, { life: { ...card.life, sequence: 3 } });
    const replacement = await signedCheckUrlOf(db, kind, card, checkUrl("https://cards.univ.test", kind, card.token));
    expect(await checkSignedUrl(replacement, { keys, revocations: null, now: new Date() })).toMatchObject({
      claims: { sequence: 3 },
    });
    expect(toCardPdfInput(db, kind, card, "https://cards.univ.test").sequence).toBe(3);
  });
});
