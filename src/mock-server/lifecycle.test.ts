// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  cardEvents,
  checkCard,
  exportCards,
  getCard,
  getStats,
  listCards,
  listDemands,
  notifyPrint,
  reactivateCard,
  renewCard,
  renewCards,
  replaceCard,
  suspendCard,
} from "../api";
import { kinds, type AnyKind } from "../kinds";
import { demoCardToken } from "./index";
import { rejectionOf, statusAndContent, useSignedInDemoServer } from "./test-support";

const demo = useSignedInDemoServer({ liveClock: true });

/** A seeded card active today. */
const activeCard = async (kind: AnyKind, skip = 0) => {
  const page = await listCards(kind, { state: "active" });
  const card = page.results[skip];
  if (!card) throw new Error("no active card");
  return card;
};

describe.each(Object.values(kinds) as AnyKind[])("$id card lifecycle in the demo backend", (kind) => {
  it("lost → the check answers suspended with the reason → replaced for a fee → the new card is valid, sequence 2, the old one replaced forever", async () => {
    const card = await activeCard(kind);
    expect(card).toMatchObject({ state: "active", sequence: 1 });
    expect(card.valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const suspended = await suspendCard(kind, card.id, { reason: "lost", note: "Perdue", reported_by_holder: true });
    expect(suspended).toMatchObject({ valid: false, state: "suspended", state_reason: "lost", state_note: "Perdue" });
    expect(suspended.state_by?.username).toBe("admin");

    const token = demoCardToken(kind.id, card.id) ?? "";
    const check = await checkCard(kind, token);
    expect(check).toMatchObject({ valid: false, state: "suspended", state_reason: "lost" });
    expect(check).not.toHaveProperty("state_note");
    expect(check).not.toHaveProperty("state_by");

    const replacement = await replaceCard(kind, card.id, { fee_amount: 5000, payment_reference: "MP-1", note: "" });
    expect(replacement).toMatchObject({ valid: true, state: "active", sequence: 2, replaces: card.id });
    expect(replacement.code).not.toBe(card.code);
    expect(await getCard(kind, card.id)).toMatchObject({
      state: "replaced",
      replaced_by: replacement.id,
      valid: false,
    });
    const newToken = demoCardToken(kind.id, replacement.id) ?? "";
    expect(newToken).not.toBe(token);
    expect(await checkCard(kind, newToken)).toMatchObject({ valid: true, state: "active", sequence: 2 });

    const again = await rejectionOf(reactivateCard(kind, card.id, { note: "" }));
    expect(statusAndContent(again)).toEqual({
      status: 400,
      content: { state: ["A replaced card cannot be reactivated."] },
    });

    const events = await cardEvents(kind, card.id);
    expect(events.map((e) => e.kind)).toEqual(["submitted", "validated", "suspended", "replaced"]);
    expect(events[3]).toMatchObject({ card: replacement.id, fee_amount: 5000, payment_reference: "MP-1" });
    expect((await cardEvents(kind, replacement.id)).map((e) => e.kind)).toEqual(["submitted", "replacing"]);
  });

  it("suspended → reactivated with a note; a print notice is on the timeline", async () => {
    const card = await activeCard(kind, 1);
    await suspendCard(kind, card.id, { reason: "other", note: "", reported_by_holder: false });
    expect(await reactivateCard(kind, card.id, { note: "Retrouvée" })).toMatchObject({ valid: true, state: "active" });
    await notifyPrint(kind, card.id);
    const kinds = (await cardEvents(kind, card.id)).map((e) => e.kind);
    expect(kinds.slice(-3)).toEqual(["suspended", "reactivated", "printed"]);
  });

  it("the list filters by state", async () => {
    const card = await activeCard(kind, 2);
    await suspendCard(kind, card.id, { reason: "stolen", note: "", reported_by_holder: true });
    const suspended = await listCards(kind, { state: "suspended" });
    expect(suspended.results.map((c) => c.id)).toContain(card.id);
    expect(suspended.results.every((c) => c.state === "suspended")).toBe(true);
    // The export of that list carries the same filter: only suspended cards, each named in the État column.
    const csv = await (await exportCards(kind, null, "suspended")).blob.text();
    const rows = csv.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(suspended.count);
    expect(rows.some((row) => row.includes(card.code))).toBe(true);
    expect(rows.every((row) => row.includes("Suspendue"))).toBe(true);
  });

  it("refuses what the state or the body forbids, DRF style", async () => {
    const card = await activeCard(kind, 3);
    const cases = [
      [
        suspendCard(kind, card.id, { reason: "eaten" as "lost", note: "", reported_by_holder: false }),
        { reason: ['"eaten" is not a valid choice.'] },
      ],
      [reactivateCard(kind, card.id, { note: "" }), { state: ["Only a suspended card can be reactivated."] }],
      [
        replaceCard(kind, card.id, { fee_amount: -5, payment_reference: " ", note: "" }),
        {
          fee_amount: ["Ensure this value is greater than or equal to 0."],
          payment_reference: ["This field is required."],
        },
      ],
      [renewCards(kind, []), { cards: ["Expected a non-empty list of card ids."] }],
    ] as const;
    for (const [call, content] of cases)
      expect(statusAndContent(await rejectionOf(call))).toEqual({ status: 400, content });
  });

  it("past its validity end (the clock moved) a card is expired, renewed once into a pending demand; bulk renewal reports each card", async () => {
    const [first, second] = (await listCards(kind, { state: "active" })).results.slice(-2);
    if (!first || !second) throw new Error("no cards");
    // Ten years on, every card of today is past its end; the session is opened again on the moved clock.
    demo.server.db.now = () => Date.now() + 86_400_000 * 3660;
    await demo.signIn();
    expect(await getCard(kind, first.id)).toMatchObject({ state: "expired" });
    const renewal = await renewCard(kind, first.id);
    const pending = await listDemands(kind, { search: renewal.code ?? "" });
    // Marked as a renewal of its card (docs/extensions.md), in the list as in the detail.
    expect(pending.results.map((d) => [d.id, d.validated, d.register, d.renews])).toEqual([
      [renewal.id, false, first.register, first.id],
    ]);
    const report = await renewCards(kind, [first.id, second.id, "nope"]);
    expect(report.created.map((c) => c.card)).toEqual([second.id]);
    expect(report.refused).toEqual([
      { card: first.id, code: "already_renewed", detail: "This card has already been renewed." },
      { card: "nope", code: "not_found", detail: "Not found." },
    ]);
    expect((await cardEvents(kind, first.id)).at(-1)).toMatchObject({ kind: "renewed", demand: renewal.id });
  });
});

describe("dashboard counts of the lifecycle (in the stats answer)", () => {
  it("counts the suspended cards, and the active ones whose validity ends within 30 days (the clock moved)", async () => {
    const before = await getStats();
    const card = await activeCard(kinds.teacher);
    await suspendCard(kinds.teacher, card.id, { reason: "damaged", note: "", reported_by_holder: false });
    const after = await getStats();
    expect(after.suspended_cards).toBe((before.suspended_cards ?? 0) + 1);
    expect(after.active_cards).toBe(before.active_cards - 1);

    // The day before a student card's last day: it and every student card of its academic year expire soon.
    const student = await activeCard(kinds.student);
    const end = Date.parse(`${student.valid_until ?? ""}T12:00:00+01:00`);
    const soon = (await listCards(kinds.student, { state: "active" })).results.filter(
      (c) => c.valid_until === student.valid_until,
    );
    demo.server.db.now = () => end - 86_400_000;
    await demo.signIn();
    expect((await getStats()).expiring_cards).toBeGreaterThanOrEqual(soon.length);
    demo.server.db.now = () => end - 86_400_000 * 31;
    await demo.signIn();
    const early = await getStats();
    demo.server.db.now = () => end - 86_400_000 * 29;
    await demo.signIn();
    expect((await getStats()).expiring_cards).toBeGreaterThan(early.expiring_cards ?? 0);
  });
});

describe("lifecycle calls need a signed-in agent", () => {
  it("401 without a token", async () => {
    demo.setToken(null);
    const card = (await listCards(kinds.student).catch(() => null))?.results[0];
    expect(card).toBeUndefined();
    const error = await rejectionOf(
      suspendCard(kinds.student, "x", { reason: "lost", note: "", reported_by_holder: false }),
    );
    expect(statusAndContent(error).status).toBe(401);
  });
});
