// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listCards, notifyPrint } from "../api";
import { kinds } from "../kinds";
import { useDemoServer } from "../mock-server/test-support";
import { collectMatching, collectUnprinted } from "./print-picker";

const demo = useDemoServer();
beforeAll(() => void demo.start());
afterAll(() => demo.stop());
beforeEach(() => demo.signIn());

/** Every card of a list, read to its end. */
const allCards = async (kind: (typeof kinds)[keyof typeof kinds], filter: number | null) => {
  const cards = [];
  let page = await listCards(kind, { filter });
  cards.push(...page.results);
  while (page.next) {
    page = await listCards(kind, { link: page.next });
    cards.push(...page.results);
  }
  return cards;
};

describe("collectUnprinted (every card not yet printed of a list)", () => {
  it("reads the list's every page and keeps the active cards never printed, in the list's order", async () => {
    const kind = kinds.student;
    const all = await allCards(kind, null);
    const faculty =
      all.map((card) => ("faculty" in card ? card.faculty : undefined)).find((id) => typeof id === "number") ?? null;
    const scoped = await allCards(kind, faculty);
    const expected = scoped.filter((card) => card.valid && (card.print_count ?? 0) === 0).map((card) => card.code);
    expect(expected.length).toBeGreaterThan(0);
    const found = await collectUnprinted(kind, { search: "", filter: faculty });
    expect(found.map((card) => card.code)).toEqual(expected);
    expect(found.every((card) => card.printCount === 0 && card.group === faculty)).toBe(true);

    // Printed once: no longer collected.
    await notifyPrint(kind, found[0]!.id);
    const again = await collectUnprinted(kind, { search: "", filter: faculty });
    expect(again.map((card) => card.code)).toEqual(expected.slice(1));
  });
});

describe("collectMatching (select all N matching)", () => {
  it("takes every active card of the whole list for its print status, past the first page", async () => {
    const kind = kinds.student;
    const all = await allCards(kind, null);
    const active = all.filter((card) => card.valid);
    expect(all.length).toBeGreaterThan(10);
    const everything = await collectMatching(kind, { search: "", filter: null, printed: "all" });
    expect(everything.cards.map((card) => card.code)).toEqual(active.map((card) => card.code));
    expect(everything.capped).toBe(false);
    const printed = await collectMatching(kind, { search: "", filter: null, printed: "yes" });
    expect(printed.cards.map((card) => card.code)).toEqual(
      active.filter((card) => (card.print_count ?? 0) > 0).map((card) => card.code),
    );
  });
});
