// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import { ApiError } from "../api";
import type { DigitalCard } from "../api/schemas";
import { forgetDigitalCard } from "../browser/local-storage";
import { digitalCardMachine } from "./digital-card";

const card = (over: Partial<DigitalCard> = {}): DigitalCard => ({
  state: "active",
  card: { code: "CDSTUD000001", register: "22W1234", lastname: "Ndiaye", firstname: "Awa" },
  qr: "https://example.test/check/abc#signed",
  expires_at: "2026-11-04T08:00:00Z",
  refreshed_at: "2026-11-01T08:00:00Z",
  ...over,
});
const fresh = card({ refreshed_at: "2026-11-02T09:30:00Z" });
const lookup = { code: "DMSTUD123456789", register: "22W1234", birth_at: "2001-04-12" };

const offlineError = () => new ApiError("network", "digitalCard", "/x", null, null, "digital-card");

/** The machine with its network call and online state swapped; refreshes are sent by hand (no timers). */
const start = (options: { fetch?: (input: unknown) => Promise<DigitalCard>; online?: boolean } = {}) => {
  const call = vi.fn(options.fetch ?? (async () => fresh));
  const actor = createActor(
    digitalCardMachine.provide({
      actors: {
        fetchCard: fromPromise(({ input }) => call(input)),
        refreshTriggers: fromCallback(() => () => {}),
      },
      guards: { online: () => options.online ?? true },
    }),
    { input: { kind: "student" } },
  );
  actor.start();
  return { actor, call };
};

/** A holder who typed their details and was shown their card. */
const opened = async (options: Parameters<typeof start>[0] = {}) => {
  const started = start(options);
  const { actor } = started;
  await waitFor(actor, (s) => s.matches("asking"));
  actor.send({ type: "CHANGE", field: "code", value: lookup.code });
  actor.send({ type: "CHANGE", field: "register", value: lookup.register });
  actor.send({ type: "CHANGE", field: "birth_at", value: lookup.birth_at });
  actor.send({ type: "SUBMIT" });
  await waitFor(actor, (s) => s.matches({ showing: "idle" }));
  return started;
};

/** A card kept on this phone by an earlier visit. */
const keptEarlier = async () => {
  const { actor } = await opened({ fetch: async () => card() });
  actor.send({ type: "KEEP" });
  actor.stop();
};

afterEach(() => forgetDigitalCard());

describe("digital card machine (extension digital-card)", () => {
  it("needs the birth date before asking, and says a held-up lookup as too many attempts", async () => {
    const { actor, call } = start({
      fetch: async () => {
        throw new ApiError("throttled", "digitalCard", "/x", 429, { detail: "throttled" }, "digital-card");
      },
    });
    await waitFor(actor, (s) => s.matches("asking"));
    actor.send({ type: "CHANGE", field: "code", value: lookup.code });
    actor.send({ type: "CHANGE", field: "register", value: lookup.register });
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ birth_at: "registration:digital.birthRequired" });
    expect(call).not.toHaveBeenCalled();
    actor.send({ type: "CHANGE", field: "birth_at", value: lookup.birth_at });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.context.errorKey !== null);
    expect(actor.getSnapshot().matches("asking")).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe("errors:throttled");
  });

  it("shows the card asked for, and keeps nothing on the phone unless asked", async () => {
    const { actor, call } = await opened();
    expect(call).toHaveBeenCalledWith({ kind: "student", ...lookup });
    expect(actor.getSnapshot().context).toMatchObject({ card: fresh, kept: false, stale: false });
    actor.stop();
    const next = start();
    await waitFor(next.actor, (s) => s.matches("asking"));
    expect(next.actor.getSnapshot().context.card).toBeNull();
  });

  it("KEEP stores the card: the next visit shows it and refreshes it at once", async () => {
    await keptEarlier();
    const { actor, call } = start();
    await waitFor(actor, (s) => s.matches({ showing: "idle" }));
    expect(call).toHaveBeenCalledWith({ kind: "student", ...lookup });
    expect(actor.getSnapshot().context).toMatchObject({ card: fresh, kept: true, stale: false });
    // The refreshed card is the one kept: offline afterwards, the phone shows the newest it heard of.
    actor.stop();
    const offline = start({ online: false });
    await waitFor(offline.actor, (s) => s.matches("showing"));
    expect(offline.actor.getSnapshot().context.card).toEqual(fresh);
  });

  it("offline, a kept card is shown as last refreshed, said to be stale, without asking the network", async () => {
    await keptEarlier();
    const { actor, call } = start({ online: false });
    await waitFor(actor, (s) => s.matches({ showing: "idle" }));
    expect(actor.getSnapshot().context).toMatchObject({ card: card(), kept: true, stale: true });
    expect(call).not.toHaveBeenCalled();
  });

  it("a refresh that fails keeps the card shown and says it is stale; the next one clears it", async () => {
    let fails = false;
    const { actor } = await opened({
      fetch: async () => {
        if (fails) throw offlineError();
        return fresh;
      },
    });
    fails = true;
    actor.send({ type: "REFRESH" });
    await waitFor(actor, (s) => s.matches({ showing: "idle" }) && s.context.stale);
    expect(actor.getSnapshot().context.card).toEqual(fresh);
    fails = false;
    actor.send({ type: "REFRESH" });
    await waitFor(actor, (s) => s.matches({ showing: "idle" }) && !s.context.stale);
  });

  it("a suspension answered at refresh shows the state and no QR, and is what the phone keeps", async () => {
    const suspended = card({ state: "suspended", qr: null, expires_at: null });
    let answer = card();
    const { actor } = await opened({ fetch: async () => answer });
    actor.send({ type: "KEEP" });
    answer = suspended;
    actor.send({ type: "REFRESH" });
    await waitFor(actor, (s) => s.matches({ showing: "idle" }) && s.context.card?.state === "suspended");
    expect(actor.getSnapshot().context.card).toMatchObject({ state: "suspended", qr: null });
    actor.stop();
    const offline = start({ online: false });
    await waitFor(offline.actor, (s) => s.matches("showing"));
    expect(offline.actor.getSnapshot().context.card).toMatchObject({ state: "suspended", qr: null });
  });

  it("CLOSE forgets the card: back to the form without the birth date, nothing kept for the next visit", async () => {
    await keptEarlier();
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ showing: "idle" }));
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches("asking")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      card: null,
      kept: false,
      lookup: { kind: "student", code: lookup.code, register: "", birth_at: "" },
    });
    actor.stop();
    const next = start();
    await waitFor(next.actor, (s) => s.matches("asking"));
    expect(next.call).not.toHaveBeenCalled();
  });
});
