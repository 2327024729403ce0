import { beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { deferred } from "../../tests/fixtures/deferred";
import type { BulkRenewal } from "../api";
import { ApiError } from "../api/errors";
import { setupTestI18n } from "../i18n/testing";
import { student } from "../kinds";
import { bulkRenewalMachine, chosenCards, type RenewalCandidate, type RenewalWindow } from "./bulk-renewal";
import type { SaveFileParams } from "../browser/save-file";

const candidate = (n: number, year = "2025/2026"): RenewalCandidate => ({
  id: `c${n}`,
  code: `CSTUD${String(n).padStart(6, "0")}`,
  register: `R${n}`,
  name: `Holder ${n}`,
  year,
});

/** Renews every card whose number is even, refuses the odd ones as already renewed. */
const evenRenewed = async ({ ids }: { ids: readonly string[] }): Promise<BulkRenewal> => ({
  created: ids
    .filter((id) => Number(id.slice(1)) % 2 === 0)
    .map((id) => ({ card: id, demand: `d-${id}`, code: `DM-${id}` })),
  refused: ids
    .filter((id) => Number(id.slice(1)) % 2 === 1)
    .map((id) => ({ card: id, detail: "This card has already been renewed." })),
});

const build = (
  candidates: readonly RenewalCandidate[],
  renew: (input: { ids: readonly string[] }) => Promise<BulkRenewal> = evenRenewed,
  read: (
    filter: number | null,
    window: RenewalWindow,
  ) => Promise<{ candidates: RenewalCandidate[]; capped: boolean }> = async () => ({
    candidates: [...candidates],
    capped: false,
  }),
) => {
  const renewBatch = vi.fn(renew);
  const readCards = vi.fn(read);
  const saved: SaveFileParams[] = [];
  const actor = createActor(
    bulkRenewalMachine.provide({
      actors: {
        readCards: fromPromise(({ input }) => readCards(input.filter, input.window)),
        renewBatch: fromPromise(({ input }) => renewBatch({ ids: input.ids })),
      },
      actions: { saveFile: (_, params) => saved.push(params) },
    }),
    { input: { kind: student, batchSize: 2 } },
  ).start();
  return { actor, renewBatch, readCards, saved };
};

describe("bulk renewal machine", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("reads the expired cards of the filter, offers the most recent academic year, and renews its cards in batches", async () => {
    const cards = [candidate(1), candidate(2), candidate(3), candidate(4), candidate(5), candidate(9, "2024/2025")];
    const { actor, renewBatch, readCards } = build(cards);
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "LOAD", filter: 3 });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(readCards).toHaveBeenCalledWith(3, "expired");
    expect(actor.getSnapshot().context.year).toBe("2025/2026");
    expect(chosenCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(["c1", "c2", "c3", "c4", "c5"]);

    actor.send({ type: "TOGGLE", id: "c3", on: false });
    // Nothing is sent before the agent confirms what the screen says will happen; Cancel sends nothing.
    actor.send({ type: "RENEW" });
    expect(actor.getSnapshot().value).toBe("confirming");
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().value).toBe("ready");
    expect(renewBatch).not.toHaveBeenCalled();
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("done"));
    // Four cards left, two a batch, in the list's order; the card left out was never sent.
    expect(renewBatch.mock.calls.map((call) => call[0].ids)).toEqual([
      ["c1", "c2"],
      ["c4", "c5"],
    ]);
    const { report } = actor.getSnapshot().context;
    expect(report.created.map((c) => [c.card.code, c.demandCode])).toEqual([
      ["CSTUD000002", "DM-c2"],
      ["CSTUD000004", "DM-c4"],
    ]);
    expect(report.refused.map((r) => [r.card.code, r.detail])).toEqual([
      ["CSTUD000001", "This card has already been renewed."],
      ["CSTUD000005", "This card has already been renewed."],
    ]);
  });

  it("shows its progress batch by batch while the answers are held", async () => {
    const answers = [deferred<BulkRenewal>(), deferred<BulkRenewal>()];
    let call = 0;
    const { actor } = build([candidate(2), candidate(4), candidate(6)], () => answers[call++]!.promise);
    actor.send({ type: "LOAD", filter: null });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().matches("renewing")).toBe(true);
    expect(actor.getSnapshot().context.sent).toBe(0);
    expect(actor.getSnapshot().context.queue).toHaveLength(3);
    // A second RENEW while renewing is ignored (one click, one run).
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    answers[0]!.resolve(await evenRenewed({ ids: ["c2", "c4"] }));
    await waitFor(actor, (s) => s.context.sent === 2);
    expect(actor.getSnapshot().matches("renewing")).toBe(true);
    answers[1]!.resolve(await evenRenewed({ ids: ["c6"] }));
    await waitFor(actor, (s) => s.matches("done"));
    expect(actor.getSnapshot().context.report.created).toHaveLength(3);
    expect(call).toBe(2);
  });

  it("a batch that fails stops the run; RESUME sends only the batches not answered", async () => {
    let fail = true;
    const { actor, renewBatch } = build([candidate(2), candidate(4), candidate(6), candidate(8)], async (input) => {
      if (input.ids[0] === "c6" && fail) {
        fail = false;
        throw new ApiError("server", "renewCards", "/student/api/v1/card/renew/", null, null, "lifecycle");
      }
      return evenRenewed(input);
    });
    actor.send({ type: "LOAD", filter: null });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("interrupted"));
    expect(actor.getSnapshot().context.errorKey).toMatch(/^errors:/);
    expect(actor.getSnapshot().context.report.created.map((c) => c.card.id)).toEqual(["c2", "c4"]);
    actor.send({ type: "RESUME" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(renewBatch.mock.calls.map((call) => call[0].ids)).toEqual([
      ["c2", "c4"],
      ["c6", "c8"],
      ["c6", "c8"],
    ]);
    expect(actor.getSnapshot().context.report.created.map((c) => c.card.id)).toEqual(["c2", "c4", "c6", "c8"]);
  });

  it("a card the answer leaves out is reported refused without a reason, never lost", async () => {
    const { actor } = build([candidate(2), candidate(4)], async () => ({
      created: [{ card: "c2", demand: "d", code: "DM-2" }],
      refused: [],
    }));
    actor.send({ type: "LOAD", filter: null });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(actor.getSnapshot().context.report.refused).toEqual([{ card: candidate(4), code: null, detail: null }]);
  });

  it("RENEW does nothing with no card chosen; CHOOSE_YEAR changes the cards and forgets what was left out", async () => {
    const { actor, renewBatch } = build([candidate(1), candidate(7, "2024/2025")]);
    actor.send({ type: "LOAD", filter: null });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "TOGGLE", id: "c1", on: false });
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "CHOOSE_YEAR", year: "2024/2025" });
    expect(chosenCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(["c7"]);
    actor.send({ type: "CHOOSE_YEAR", year: "2025/2026" });
    expect(chosenCards(actor.getSnapshot().context).map((c) => c.id)).toEqual(["c1"]);
    expect(renewBatch).not.toHaveBeenCalled();
  });

  it("CHOOSE_WINDOW reads the cards ending within the academic year under way instead, for the same filter", async () => {
    const { actor, readCards } = build([], undefined, async (_, window) => ({
      candidates: window === "ahead" ? [candidate(4, "2026/2027")] : [candidate(1)],
      capped: false,
    }));
    actor.send({ type: "LOAD", filter: 2 });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "TOGGLE", id: "c1", on: false });
    actor.send({ type: "CHOOSE_WINDOW", window: "ahead" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(readCards.mock.calls).toEqual([
      [2, "expired"],
      [2, "ahead"],
    ]);
    const { context } = actor.getSnapshot();
    expect([context.window, context.year, chosenCards(context).map((c) => c.id)]).toEqual([
      "ahead",
      "2026/2027",
      ["c4"],
    ]);
  });

  it("no expired card: ready with nothing to renew; a failed read says so and RETRY reads again", async () => {
    let reads = 0;
    const { actor } = build([], undefined, async () => {
      reads++;
      if (reads === 1) throw new ApiError("server", "listCards", "/student/api/v1/card/", null, null);
      return { candidates: [], capped: false };
    });
    actor.send({ type: "LOAD", filter: null });
    await waitFor(actor, (s) => s.matches("loadFailed"));
    expect(actor.getSnapshot().context.errorKey).toMatch(/^errors:/);
    actor.send({ type: "RETRY" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.year).toBeNull();
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
  });

  it("DOWNLOAD saves the report as a CSV for Excel; RESTART reads the cards again", async () => {
    const { actor, saved, readCards } = build([candidate(1), candidate(2)]);
    actor.send({ type: "LOAD", filter: 4 });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("done"));
    actor.send({ type: "DOWNLOAD" });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.fileName).toMatch(/^renewals-students-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await saved[0]!.file.blob.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n").slice(0, 3)).toEqual([
      "Card code;Registration number;Name;Result;New demand or reason",
      "CSTUD000002;R2;Holder 2;Renewed;DM-c2",
      "CSTUD000001;R1;Holder 1;Refused;This card has already been renewed.",
    ]);
    actor.send({ type: "RESTART" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(readCards).toHaveBeenCalledTimes(2);
    expect(readCards).toHaveBeenLastCalledWith(4, "expired");
  });

  it("says a refusal's reason in the reader's language when the backend gives its code, in its own words otherwise", async () => {
    const { actor, saved } = build([candidate(1), candidate(3), candidate(5), candidate(7)], async () => ({
      created: [],
      refused: [
        { card: "c1", code: "already_renewed", detail: "Diese Karte wurde bereits erneuert." },
        { card: "c3", code: "not_expired", detail: "Noch nicht abgelaufen." },
        { card: "c5", code: "not_found", detail: "Nicht gefunden." },
        { card: "c7", code: "on_hold", detail: "Held by the registrar." },
      ],
    }));
    actor.send({ type: "LOAD", filter: null });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "RENEW" });
    actor.send({ type: "CONFIRM" });
    await waitFor(actor, (s) => s.matches("done"));
    actor.send({ type: "DOWNLOAD" });
    const text = new TextDecoder().decode(await saved[0]!.file.blob.arrayBuffer());
    expect(text.split("\r\n").slice(1, 5)).toEqual([
      "CSTUD000001;R1;Holder 1;Refused;Card already renewed",
      "CSTUD000003;R3;Holder 3;Refused;Card valid beyond this academic year",
      "CSTUD000005;R5;Holder 5;Refused;Card not found",
      "CSTUD000007;R7;Holder 7;Refused;Held by the registrar.",
    ]);
  });
});
