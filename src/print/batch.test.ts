// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_BATCH, addToBatch, forgetBatches, readBatch, readStoredBatch, writeBatch, type BatchCard } from "./batch";

const card = (n: number): BatchCard => ({
  id: `id-${n}`,
  code: `PCSTUD${n}`,
  register: `R${n}`,
  name: `N${n}`,
  group: null,
  printCount: 0,
});

describe("print batch storage", () => {
  beforeEach(() => localStorage.clear());

  it("keeps a batch per agent and kind in the browser's storage", () => {
    writeBatch("aicha", "student", [card(1), card(2)]);
    writeBatch("aicha", "staff", [card(3)]);
    expect(readBatch("aicha", "student").map((c) => c.id)).toEqual(["id-1", "id-2"]);
    expect(readBatch("aicha", "staff").map((c) => c.id)).toEqual(["id-3"]);
    expect(readBatch("paul", "student")).toEqual([]);
    // What another tab (or a reload) reads: the stored text, decoded; damaged text is an empty batch.
    localStorage.setItem("campus-card.print-batch.paul.student", "{not json");
    expect(readBatch("paul", "student")).toEqual([]);
    expect(JSON.parse(localStorage.getItem("campus-card.print-batch.aicha.student") ?? "{}").cards).toHaveLength(2);
  });

  it("an emptied batch leaves nothing in storage", () => {
    writeBatch("aicha", "teacher", [card(1)]);
    writeBatch("aicha", "teacher", []);
    expect(localStorage.getItem("campus-card.print-batch.aicha.teacher")).toBeNull();
  });

  it("adds each card once, up to the limit, and says when the batch is full", () => {
    const first = addToBatch([card(1)], [card(1), card(2)]);
    expect(first.batch.map((c) => c.id)).toEqual(["id-1", "id-2"]);
    expect(first.added).toBe(1);
    const many = Array.from({ length: MAX_BATCH + 5 }, (_, i) => card(i));
    const full = addToBatch([], many);
    expect(full.batch).toHaveLength(MAX_BATCH);
    expect(full.full).toBe(true);
  });

  it("a stored batch over the limit (tampered with) is cut to its first 400 cards, saying how many it held", () => {
    const cards = Array.from({ length: 30_000 }, (_, i) => card(i));
    localStorage.setItem("campus-card.print-batch.aicha.student", JSON.stringify({ version: 1, cards }));
    const read = readStoredBatch("aicha", "student");
    expect(read.cards).toHaveLength(MAX_BATCH);
    expect(read.cards[0]?.id).toBe("id-0");
    expect(read.stored).toBe(30_000);
    expect(readBatch("aicha", "student")).toHaveLength(MAX_BATCH);
    writeBatch("aicha", "staff", [card(1)]);
    expect(readStoredBatch("aicha", "staff")).toEqual({ cards: [card(1)], stored: 1 });
  });

  it("forgets an agent's batches of every kind, and only that agent's", () => {
    writeBatch("aicha", "student", [card(1)]);
    writeBatch("aicha", "teacher", [card(2)]);
    writeBatch("paul", "student", [card(3)]);
    forgetBatches("aicha");
    expect(readBatch("aicha", "student")).toEqual([]);
    expect(readBatch("aicha", "teacher")).toEqual([]);
    expect(readBatch("paul", "student")).toHaveLength(1);
    expect(Object.keys(localStorage)).toEqual(["campus-card.print-batch.paul.student"]);
  });
});
