import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type CardEvent } from "../api";
import { student } from "../kinds";
import { studentCard } from "../../tests/fixtures/entities";
import { cardStatesMachine } from "./card-lifecycle-states";
import type { AnyCard } from "./card-lifecycle";

const active: AnyCard = { ...studentCard, update_at: "2026-10-02T10:00:00+01:00", valid_until: "2027-09-30" };
const suspended: AnyCard = { ...active, valid: false, state: "suspended", state_reason: "lost" };
const replacement: AnyCard = { ...active, id: "new-card", code: "PCSTUD0099", sequence: 2 };
const refused = new ApiError("badRequest", "x", "/x/", 400, { state: ["Not allowed."] }, "lifecycle");

interface Fakes {
  readonly suspend?: () => Promise<AnyCard>;
  readonly reactivate?: () => Promise<AnyCard>;
  readonly replace?: () => Promise<AnyCard>;
  readonly renew?: () => Promise<{ id: string; code?: string }>;
}

const build = (card: AnyCard, fakes: Fakes = {}, today = "2026-11-26") => {
  const calls = {
    suspend: vi.fn<(input: unknown) => Promise<AnyCard>>(fakes.suspend ?? (async () => suspended)),
    reactivate: vi.fn<(input: unknown) => Promise<AnyCard>>(fakes.reactivate ?? (async () => active)),
    replace: vi.fn<(input: unknown) => Promise<AnyCard>>(fakes.replace ?? (async () => replacement)),
    renew: vi.fn<(input: unknown) => Promise<{ id: string; code?: string }>>(
      fakes.renew ?? (async () => ({ id: "d1", code: "DMSTUD000200" })),
    ),
    loadEvents: vi.fn(async (): Promise<readonly CardEvent[]> => [{ kind: "validated", at: active.update_at }]),
  };
  const machine = cardStatesMachine.provide({
    actors: {
      suspend: fromPromise(({ input }) => calls.suspend(input)),
      reactivate: fromPromise(({ input }) => calls.reactivate(input)),
      replace: fromPromise(({ input }) => calls.replace(input)),
      renew: fromPromise(({ input }) => calls.renew(input)),
      loadEvents: fromPromise(() => calls.loadEvents()),
    },
  });
  const actor = createActor(machine, { input: { kind: student, card, today } });
  const emitted: { type: string }[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, calls, emitted };
};

type Built = ReturnType<typeof build>;
const stateIs = (b: Built, state: "active" | "suspended" | "replaced" | "expired") =>
  waitFor(b.actor, (s) => s.matches({ state }));
const suspendLost = { type: "SUSPEND", reason: "lost", note: "Perdue au stade", reportedByHolder: true } as const;
const replaceWithFee = {
  type: "REPLACE",
  fee: "5\u202f000 FCFA",
  paymentReference: " MP2611.1234 ",
  note: "",
} as const;

describe("card states: where a card starts", () => {
  it.each([
    ["active", active],
    ["suspended", suspended],
    ["replaced", { ...active, valid: false, state: "replaced" }],
    ["expired", { ...active, valid_until: "2026-09-30" }],
    ["inactive", { ...active, valid: false, valid_until: undefined }],
  ] as const)("%s", (state, card) => {
    expect(build(card).actor.getSnapshot().matches({ state })).toBe(true);
  });
});

describe("card states: allowed transitions", () => {
  it("active → suspended with reason, note and who reported it; the timeline reloads", async () => {
    const b = build(active);
    await waitFor(b.actor, (s) => s.matches({ timeline: "ready" }));
    b.actor.send(suspendLost);
    expect(b.actor.getSnapshot().matches({ state: "suspending" })).toBe(true);
    await stateIs(b, "suspended");
    expect(b.calls.suspend).toHaveBeenCalledWith({
      kind: student,
      id: active.id,
      body: { reason: "lost", note: "Perdue au stade", reported_by_holder: true },
    });
    expect(b.actor.getSnapshot().context.card.state_reason).toBe("lost");
    expect(b.emitted).toContainEqual({ type: "changed", action: "suspended" });
    await waitFor(b.actor, (s) => s.matches({ timeline: "ready" }) && b.calls.loadEvents.mock.calls.length === 2);
  });

  it("suspended → active again (card found), with a note", async () => {
    const b = build(suspended);
    b.actor.send({ type: "REACTIVATE", note: "Retrouvée" });
    await stateIs(b, "active");
    expect(b.calls.reactivate).toHaveBeenCalledWith({ kind: student, id: active.id, body: { note: "Retrouvée" } });
  });

  it.each([
    ["active", active],
    ["suspended", suspended],
  ] as const)("%s → replaced, the fee recorded and the new card kept", async (_, card) => {
    const b = build(card);
    b.actor.send(replaceWithFee);
    await stateIs(b, "replaced");
    expect(b.calls.replace).toHaveBeenCalledWith({
      kind: student,
      id: active.id,
      body: { fee_amount: 5000, payment_reference: "MP2611.1234", note: "" },
    });
    const { context } = b.actor.getSnapshot();
    expect(context.replacement).toEqual(replacement);
    expect(context.card).toMatchObject({ state: "replaced", valid: false, replaced_by: "new-card" });
  });

  it("active → expired when the clock passes the end of the academic year", () => {
    const b = build(active, {}, "2027-09-30");
    expect(b.actor.getSnapshot().matches({ state: "active" })).toBe(true);
    b.actor.send({ type: "DAY", today: "2027-10-01" });
    expect(b.actor.getSnapshot().matches({ state: "expired" })).toBe(true);
  });

  it("expired → renewed: a pending demand is made once", async () => {
    const b = build({ ...active, valid_until: "2026-09-30" });
    b.actor.send({ type: "RENEW" });
    await waitFor(b.actor, (s) => s.context.renewal !== null);
    expect(b.actor.getSnapshot().matches({ state: "expired" })).toBe(true);
    expect(b.actor.getSnapshot().context.renewal).toEqual({ id: "d1", code: "DMSTUD000200" });
    b.actor.send({ type: "RENEW" });
    expect(b.calls.renew).toHaveBeenCalledTimes(1);
  });

  it("a reloaded card decides again", () => {
    const b = build(active);
    b.actor.send({ type: "CARD", card: suspended });
    expect(b.actor.getSnapshot().matches({ state: "suspended" })).toBe(true);
  });
});

describe("card states: forbidden transitions are ignored, no call made", () => {
  const nothingSent = (b: Built) =>
    expect(
      [b.calls.suspend, b.calls.reactivate, b.calls.replace, b.calls.renew].map((f) => f.mock.calls.length),
    ).toEqual([0, 0, 0, 0]);

  it("a replaced card can never be active again, nor suspended, replaced or renewed", () => {
    const b = build({ ...active, valid: false, state: "replaced" });
    for (const event of [{ type: "REACTIVATE", note: "" }, suspendLost, replaceWithFee, { type: "RENEW" }] as const)
      b.actor.send(event);
    expect(b.actor.getSnapshot().matches({ state: "replaced" })).toBe(true);
    b.actor.send({ type: "DAY", today: "2030-01-01" });
    expect(b.actor.getSnapshot().matches({ state: "replaced" })).toBe(true);
    nothingSent(b);
  });

  it("an active card is not reactivated nor renewed; a suspended one is not suspended again nor renewed", () => {
    const a = build(active);
    a.actor.send({ type: "REACTIVATE", note: "" });
    a.actor.send({ type: "RENEW" });
    expect(a.actor.getSnapshot().matches({ state: "active" })).toBe(true);
    nothingSent(a);
    const s = build(suspended);
    s.actor.send(suspendLost);
    s.actor.send({ type: "RENEW" });
    expect(s.actor.getSnapshot().matches({ state: "suspended" })).toBe(true);
    nothingSent(s);
  });

  it("an expired card is only renewed: not suspended, reactivated or replaced", () => {
    const b = build({ ...active, valid_until: "2026-09-30" });
    for (const event of [suspendLost, { type: "REACTIVATE", note: "" }, replaceWithFee] as const) b.actor.send(event);
    expect(b.actor.getSnapshot().matches({ state: "expired" })).toBe(true);
    nothingSent(b);
  });

  it("an inactive card of the spec (no lifecycle state) offers nothing", () => {
    const b = build({ ...active, valid: false, valid_until: undefined });
    for (const event of [suspendLost, { type: "REACTIVATE", note: "" }, replaceWithFee, { type: "RENEW" }] as const)
      b.actor.send(event);
    expect(b.actor.getSnapshot().matches({ state: "inactive" })).toBe(true);
    nothingSent(b);
  });

  it("a replacement without a payment reference or with a fee that is not an amount is not sent: each field says why", () => {
    const b = build(active);
    b.actor.send({ ...replaceWithFee, paymentReference: "  " });
    expect(b.actor.getSnapshot().context.replaceErrors).toEqual({
      fee: null,
      reference: "card:lifecycle.replaceDialog.referenceMissing",
    });
    for (const fee of ["-1", "2,5", ""]) {
      b.actor.send({ ...replaceWithFee, fee });
      expect(b.actor.getSnapshot().context.replaceErrors).toEqual({
        fee: "card:lifecycle.replaceDialog.feeInvalid",
        reference: null,
      });
    }
    expect(b.actor.getSnapshot().matches({ state: "active" })).toBe(true);
    nothingSent(b);
  });

  it("a fee of 0 goes (a replacement the office waives), its errors cleared", async () => {
    const b = build(active);
    b.actor.send({ ...replaceWithFee, fee: "x" });
    b.actor.send({ ...replaceWithFee, fee: "0" });
    expect(b.actor.getSnapshot().context.replaceErrors).toBeNull();
    await stateIs(b, "replaced");
    expect(b.calls.replace).toHaveBeenCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ fee_amount: 0 }) }),
    );
  });
});

describe("card states: a refused call goes back where it left, its message kept", () => {
  it.each([
    ["active", active, suspendLost, { suspend: () => Promise.reject(refused) }],
    ["suspended", suspended, { type: "REACTIVATE", note: "" }, { reactivate: () => Promise.reject(refused) }],
    ["suspended", suspended, replaceWithFee, { replace: () => Promise.reject(refused) }],
  ] as const)("back to %s", async (state, card, event, fakes) => {
    const b = build(card, fakes);
    b.actor.send(event);
    await waitFor(b.actor, (s) => s.context.errorKey !== null);
    expect(b.actor.getSnapshot().matches({ state })).toBe(true);
    expect(b.emitted.map((e) => e.type)).toContain("failed");
  });
});
