import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../api";
import { kinds } from "../kinds";
import type { BatchCard } from "../print/batch";
import { deferred, type Deferred } from "../../tests/fixtures/deferred";
import { defaultPrintSettings } from "../print/settings";
import {
  CONCURRENCY,
  fetchPdfsWith,
  notifyAllWith,
  printBatchMachine,
  runPool,
  type ComposeInput,
  type StoredSheets,
} from "./print-batch";

const card = (n: number): BatchCard => ({
  id: `id-${n}`,
  code: `PCSTUD${String(n).padStart(6, "0")}`,
  register: `R${n}`,
  name: `Holder ${n}`,
  group: 1,
  printCount: 0,
});
const settings = defaultPrintSettings;
const serverDown = new ApiError("server", "getCardPdf", "/x", 500, null);

/** A fake answer comes in a later task (as a network answer does), not after some time. */
const answerLater = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A fake backend: PDFs by id (the bytes name the card), some ids failing, every call recorded. */
const backend = (failing: Set<string> = new Set(), notifyFailing: Set<string> = new Set()) => {
  const pdfCalls: string[] = [];
  const notifyCalls: string[] = [];
  const readCalls: string[] = [];
  const answerLost = new Set<string>();
  let inFlight = 0;
  let maxInFlight = 0;
  const counts: Record<string, number> = {};
  return {
    pdfCalls,
    notifyCalls,
    maxInFlight: () => maxInFlight,
    counts,
    fetch: async (_kind: unknown, id: string) => {
      pdfCalls.push(id);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await answerLater();
      inFlight--;
      if (failing.has(id)) throw serverDown;
      return new TextEncoder().encode(id);
    },
    notify: async (_kind: unknown, id: string) => {
      notifyCalls.push(id);
      await answerLater();
      if (notifyFailing.has(id)) throw serverDown;
      counts[id] = (counts[id] ?? 0) + 1;
      if (answerLost.has(id)) throw new ApiError("network", "notifyPrint", "/x", null, "Failed to fetch");
      return counts[id]!;
    },
    readCalls,
    /** The card read again: its print count as the server keeps it. */
    read: async (_kind: unknown, id: string) => {
      readCalls.push(id);
      await answerLater();
      return counts[id] ?? 0;
    },
    /** Cards whose notification reaches the server (it counts) but whose answer is lost on the way back. */
    answerLost,
  };
};

/** The browser's sheet store: what was stored last (null once dropped). */
const sheetStore = (initial: StoredSheets | null = null) => {
  const store = { current: initial, writes: 0 };
  return store;
};

const build = async (cards: BatchCard[], server = backend(), store = sheetStore()) => {
  const composed: ComposeInput[] = [];
  const saved: (readonly BatchCard[])[] = [];
  const machine = printBatchMachine.provide({
    actors: {
      fetchPdfs: fetchPdfsWith(server.fetch),
      notifyAll: notifyAllWith(server.notify, server.read),
      compose: fromPromise(async ({ input }: { input: ComposeInput }): Promise<Uint8Array> => {
        composed.push(input);
        return new Uint8Array([input.pdfs.length]);
      }),
      restoreSheets: fromPromise(async () => store.current),
    },
    actions: {
      saveBatch: (_, cards) => void saved.push(cards),
      storeSheets: ({ context }, params) => {
        if (context.sheets === null) return;
        const sending = params?.sending ?? [];
        const before = (id: string) => cards.find((c) => c.id === id)?.printCount ?? 0;
        store.current = {
          version: 1,
          sheets: context.sheets,
          sheetCards: context.sheetCards,
          good: context.good,
          notified: context.notified,
          unsure: { ...Object.fromEntries(sending.map((id) => [id, before(id)])), ...context.unsure },
        };
        store.writes++;
      },
      dropSheets: () => {
        store.current = null;
      },
    },
  });
  const actor = createActor(machine, {
    input: { kind: kinds.student, username: "agent", cards, settings, date: "15/05/2026" },
  }).start();
  await waitFor(actor, (s) => !s.matches("restoring"));
  return { actor, composed, saved, server, store };
};

describe("print batch machine", () => {
  it("fetches every PDF a bounded number at once, shows n of N, and composes them in batch order", async () => {
    const cards = Array.from({ length: 12 }, (_, i) => card(i));
    const { actor, composed, server } = await build(cards);
    actor.send({ type: "MAKE_SHEETS" });
    expect(actor.getSnapshot().context.progress).toEqual({ done: 0, total: 12 });
    await waitFor(actor, (s) => s.matches("sheets"));
    expect(server.pdfCalls.sort()).toEqual(cards.map((c) => c.id).sort());
    expect(server.maxInFlight()).toBeLessThanOrEqual(CONCURRENCY);
    expect(actor.getSnapshot().context.progress).toEqual({ done: 12, total: 12 });
    expect(composed[0]!.pdfs.map((bytes) => new TextDecoder().decode(bytes))).toEqual(cards.map((c) => c.id));
  });

  it("a partly used pre-cut sheet: the first free position goes to the sheets, within the sheet, for this batch only", async () => {
    const { actor, composed } = await build([card(1)]);
    actor.send({ type: "FIRST_SLOT", slot: 6 });
    actor.send({ type: "MAKE_SHEETS" });
    await waitFor(actor, (s) => s.matches("sheets"));
    expect(composed[0]!.settings.firstSlot).toBe(6);

    const other = await build([card(2)]);
    other.actor.send({ type: "FIRST_SLOT", slot: 10 });
    expect(other.actor.getSnapshot().context.firstSlot).toBe(0);
    other.actor.send({ type: "FIRST_SLOT", slot: 9 });
    expect(other.actor.getSnapshot().context.firstSlot).toBe(9);
    // One card a sheet has no used positions.
    other.actor.send({ type: "SETTINGS", settings: { ...settings, layout: "centred-single" } });
    expect(other.actor.getSnapshot().context.firstSlot).toBe(0);
  });

  it("leaves out and reports a card whose PDF cannot be had; Retry fetches only that one", async () => {
    const failing = new Set(["id-3"]);
    const { actor, composed, server } = await build([card(1), card(2), card(3)], backend(failing));
    actor.send({ type: "MAKE_SHEETS" });
    await waitFor(actor, (s) => s.matches("sheets"));
    expect(Object.keys(actor.getSnapshot().context.pdfFailures)).toEqual(["id-3"]);
    expect(actor.getSnapshot().context.pdfFailures["id-3"]).toMatch(/^errors:/);
    expect(actor.getSnapshot().context.sheetCards.map((c) => c.id)).toEqual(["id-1", "id-2"]);
    expect(composed[0]!.pdfs).toHaveLength(2);
    failing.clear();
    server.pdfCalls.length = 0;
    actor.send({ type: "RETRY_FAILED" });
    await waitFor(actor, (s) => s.matches("sheets") && s.context.sheetCards.length === 3);
    expect(server.pdfCalls).toEqual(["id-3"]);
    expect(actor.getSnapshot().context.pdfFailures).toEqual({});
  });

  it("cancel stops fetching: back to the batch, no more requests", async () => {
    const cards = Array.from({ length: 40 }, (_, i) => card(i));
    // Every PDF request is held until the test releases it: the requests in flight at CANCEL then answer, and
    // the pool, had it not stopped, would start the next ones right then.
    const held: Deferred<void>[] = [];
    const server = backend();
    const { actor } = await build(cards, {
      ...server,
      fetch: async (_kind: unknown, id: string) => {
        server.pdfCalls.push(id);
        const answer = deferred<void>();
        held.push(answer);
        await answer.promise;
        return new TextEncoder().encode(id);
      },
    });
    actor.send({ type: "MAKE_SHEETS" });
    expect(server.pdfCalls).toHaveLength(CONCURRENCY);
    actor.send({ type: "CANCEL" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    for (const answer of held) answer.resolve();
    await Promise.all(held.map((answer) => answer.promise));
    // One macrotask: every continuation of the answered requests has run by then.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.pdfCalls).toHaveLength(CONCURRENCY);
    expect(actor.getSnapshot().matches("editing")).toBe(true);
  });

  it("confirms the good ones exactly once each (a repeated click sends nothing twice); the others stay in the batch", async () => {
    const cards = Array.from({ length: 12 }, (_, i) => card(i));
    const { actor, server, saved } = await build(cards);
    actor.send({ type: "MAKE_SHEETS" });
    await waitFor(actor, (s) => s.matches("sheets"));
    actor.send({ type: "TOGGLE_GOOD", id: "id-11", good: false });
    actor.send({ type: "CONFIRM_PRINTED" });
    actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(actor, (s) => s.matches("printed"));
    actor.send({ type: "CONFIRM_PRINTED" });
    expect(server.notifyCalls.sort()).toEqual(
      cards
        .slice(0, 11)
        .map((c) => c.id)
        .sort(),
    );
    expect(Object.values(server.counts).every((n) => n === 1)).toBe(true);
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(["id-11"]);
    expect(saved.at(-1)?.map((c) => c.id)).toEqual(["id-11"]);
  });

  it("a failed notification is retried alone; the reported ones are never sent again", async () => {
    const notifyFailing = new Set(["id-2"]);
    const { actor, server } = await build([card(1), card(2), card(3)], backend(new Set(), notifyFailing));
    actor.send({ type: "MAKE_SHEETS" });
    await waitFor(actor, (s) => s.matches("sheets"));
    actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(actor, (s) => s.matches("sheets") && Object.keys(s.context.notifyFailures).length === 1);
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(["id-2"]);
    notifyFailing.clear();
    server.notifyCalls.length = 0;
    actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(actor, (s) => s.matches("printed"));
    expect(server.notifyCalls).toEqual(["id-2"]);
    expect(actor.getSnapshot().context.cards).toEqual([]);
  });

  it("a notification whose answer was lost counts once: Confirm printed reads the card again, and a risen print count means it was counted", async () => {
    const { actor, server } = await build([card(1), card(2), card(3)]);
    server.answerLost.add("id-2");
    actor.send({ type: "MAKE_SHEETS" });
    await waitFor(actor, (s) => s.matches("sheets"));
    actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(actor, (s) => s.matches("sheets") && Object.keys(s.context.notifyFailures).length === 1);
    expect(server.counts["id-2"]).toBe(1);
    server.answerLost.clear();
    server.notifyCalls.length = 0;
    actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(actor, (s) => s.matches("printed"));
    expect(server.readCalls).toEqual(["id-2"]);
    expect(server.notifyCalls).toEqual([]);
    expect(server.counts).toEqual({ "id-1": 1, "id-2": 1, "id-3": 1 });
    expect(actor.getSnapshot().context.notified["id-2"]).toBe(1);
  });

  it("a notification that failed before the server counted it is sent again once the card shows no new print", async () => {
    const notifyFailing = new Set(["id-2"]);
    const { actor, server } = await build([card(1), card(2)], backend(new Set(), notifyFailing));
    actor.send({ type: "MAKE_SHEETS" });
    await waitFor(actor, (s) => s.matches("sheets"));
    actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(actor, (s) => s.matches("sheets") && Object.keys(s.context.notifyFailures).length === 1);
    notifyFailing.clear();
    actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(actor, (s) => s.matches("printed"));
    expect(server.readCalls).toEqual(["id-2"]);
    expect(server.counts).toEqual({ "id-1": 1, "id-2": 1 });
  });

  it("keeps composed sheets until confirmed or thrown away: a reload comes back to them; Back to the batch asks first", async () => {
    const cards = [card(1), card(2), card(3)];
    const first = await build(cards);
    first.actor.send({ type: "MAKE_SHEETS" });
    await waitFor(first.actor, (s) => s.matches("sheets"));
    first.actor.send({ type: "TOGGLE_GOOD", id: "id-2", good: false });
    expect(first.store.current?.sheetCards.map((c) => c.id)).toEqual(["id-1", "id-2", "id-3"]);
    first.actor.stop();

    // The page is reloaded: the same sheets, the same marks, nothing fetched or composed again.
    const again = await build(cards, backend(), first.store);
    const snapshot = again.actor.getSnapshot();
    expect(snapshot.matches("sheets")).toBe(true);
    expect(snapshot.context.sheets).toEqual(first.store.current?.sheets);
    expect(snapshot.context.good).toEqual({ "id-1": true, "id-2": false, "id-3": true });
    expect(again.server.pdfCalls).toEqual([]);
    expect(again.composed).toEqual([]);

    // Back to the batch asks; keeping them changes nothing.
    again.actor.send({ type: "EDIT_BATCH" });
    expect(again.actor.getSnapshot().matches({ sheets: "asking" })).toBe(true);
    again.actor.send({ type: "KEEP_SHEETS" });
    expect(again.actor.getSnapshot().matches({ sheets: "shown" })).toBe(true);
    expect(again.store.current).not.toBeNull();
    // Throwing them away forgets them.
    again.actor.send({ type: "EDIT_BATCH" });
    again.actor.send({ type: "DISCARD_SHEETS" });
    expect(again.actor.getSnapshot().matches("editing")).toBe(true);
    expect(again.actor.getSnapshot().context.sheets).toBeNull();
    expect(again.store.current).toBeNull();
  });

  it("a reload after some cards were reported sends them never again; confirming the rest forgets the sheets", async () => {
    const cards = [card(1), card(2), card(3)];
    const server = backend(new Set(), new Set(["id-3"]));
    const first = await build(cards, server);
    first.actor.send({ type: "MAKE_SHEETS" });
    await waitFor(first.actor, (s) => s.matches("sheets"));
    first.actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(first.actor, (s) => s.matches("sheets") && Object.keys(s.context.notifyFailures).length === 1);
    expect(Object.keys(first.store.current?.notified ?? {}).sort()).toEqual(["id-1", "id-2"]);
    first.actor.stop();

    server.notifyCalls.length = 0;
    const again = await build(cards, backend(), first.store);
    expect(again.actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(["id-3"]);
    again.actor.send({ type: "CONFIRM_PRINTED" });
    await waitFor(again.actor, (s) => s.matches("printed"));
    expect(again.server.notifyCalls).toEqual(["id-3"]);
    expect(again.store.current).toBeNull();
  });

  it("removes, sorts and clears the batch, saving each change; nothing to print does nothing", async () => {
    const { actor, saved } = await build([card(3), { ...card(1), name: "Zoé" }, { ...card(2), name: "alain" }]);
    actor.send({ type: "SORT", order: "name", locale: "fr" });
    expect(actor.getSnapshot().context.cards.map((c) => c.name)).toEqual(["alain", "Holder 3", "Zoé"]);
    actor.send({ type: "SORT", order: "code", locale: "fr" });
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual(["id-1", "id-2", "id-3"]);
    actor.send({ type: "REMOVE", id: "id-2" });
    expect(saved.at(-1)?.map((c) => c.id)).toEqual(["id-1", "id-3"]);
    actor.send({ type: "CLEAR" });
    expect(saved.at(-1)).toEqual([]);
    actor.send({ type: "MAKE_SHEETS" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
  });
});

describe("runPool", () => {
  it("runs every item with at most `limit` at once", async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await answerLater();
        seen.push(n);
        running--;
      },
      () => false,
    );
    expect(seen.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });
});
