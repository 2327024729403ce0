// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getCard, getDemand, listCards, renewCard, renewCards, validateDemandSimple } from "../api";
import { kinds, type AnyKind } from "../kinds";
import { validateRenewal } from "../machines/renewal-validation";
import { referenceData } from "./reference-data";
import { rejectionOf, useDemoServer } from "./test-support";

/** Renewal in the demo backend (extension `lifecycle`): ahead of the end, the next year's level, marked cards. */

const demo = useDemoServer();
beforeAll(() => demo.start());
afterAll(() => demo.stop());
beforeEach(async () => {
  demo.server.db.now = () => Date.now();
  await demo.signIn();
});

const DAY = 86_400_000;

/** The clock on a day, the session opened again on it. */
const clockOn = async (ms: number) => {
  demo.server.db.now = () => ms;
  await demo.signIn();
};

const activeCards = async (kind: AnyKind) => (await listCards(kind, { state: "active" })).results;

describe.each(Object.values(kinds) as AnyKind[])("$id renewal ahead of the end", (kind) => {
  it("a card ending within the academic year under way is renewed ahead; one valid beyond it is refused", async () => {
    const [card] = await activeCards(kind);
    if (!card) throw new Error("no active card");
    const end = Date.parse(`${card.valid_until ?? ""}T12:00:00+01:00`);

    // A year before its last day, the card's end lies beyond the academic year under way.
    await clockOn(end - 366 * DAY);
    expect(await rejectionOf(renewCard(kind, card.id))).toMatchObject({
      status: 400,
      content: { state: ["Only a card expired or ending this academic year can be renewed."] },
    });
    const early = await renewCards(kind, [card.id]);
    expect(early.refused.map((r) => [r.card, r.code])).toEqual([[card.id, "not_expired"]]);

    // On its last day, the card ends within the academic year under way: renewed, still active meanwhile.
    await clockOn(end);
    const renewal = await renewCard(kind, card.id);
    expect(await getDemand(kind, renewal.id)).toMatchObject({ validated: false, renews: card.id });
    expect(await getCard(kind, card.id)).toMatchObject({ state: "active", valid: true });
  });
});

describe("the renewal's level and the card it makes", () => {
  const kind = kinds.student;
  const levelAfter = (level: number): number | null => {
    const cycle = referenceData.mapniveau.find((m) => m.niveau === level)?.cycle;
    const ofCycle = referenceData.mapniveau.filter((m) => m.cycle === cycle).map((m) => m.niveau);
    return ofCycle[ofCycle.indexOf(level) + 1] ?? null;
  };

  it("a student's renewal is at the next level of the cycle, left empty after the cycle's last", async () => {
    const { db } = demo.server;
    const levelOf = (cardId: string) => {
      const record = db.card(kind.id, cardId);
      const level = record ? db.demandOfCard(record).fields.niveau : null;
      return typeof level === "number" ? level : null;
    };
    const cards = (await activeCards(kind)).filter((c) => levelOf(c.id) !== null);
    // Past the end of every card of today.
    await clockOn(Date.now() + 3660 * DAY);
    const seen = { next: 0, last: 0 };
    const { created } = await renewCards(
      kind,
      cards.map((c) => c.id),
    );
    for (const { card, demand } of created) {
      const level = (await getDemand(kind, demand)).niveau ?? null;
      expect(level).toBe(levelAfter(levelOf(card) ?? 0));
      if (level === null) seen.last++;
      else seen.next++;
    }
    expect(seen).toEqual({ next: expect.any(Number), last: expect.any(Number) });
    expect(Math.min(seen.next, seen.last)).toBeGreaterThan(0);

    // Validated in bulk, a renewal whose level was left empty is left for its screen, where the agent chooses it.
    const empty = created.find(({ card }) => levelAfter(levelOf(card) ?? 0) === null);
    if (!empty) throw new Error("no renewal after a cycle's last level");
    expect(await validateRenewal(kind, empty.demand)).toEqual({
      validated: false,
      reasonKey: "card:renewal.validation.noLevel",
    });
    expect((await getDemand(kind, empty.demand)).validated).toBe(false);
  });

  it("the card a renewal's validation makes says which card it renews; a first card says none", async () => {
    const staff = kinds.staff;
    const card = (await activeCards(staff)).at(-1);
    if (!card) throw new Error("no staff card");
    await clockOn(Date.now() + 3660 * DAY);
    const renewal = await renewCard(staff, card.id);
    await validateDemandSimple(staff, renewal.id);
    const made = (await listCards(staff, { search: card.register })).results;
    expect(made.map((c) => [c.id === card.id, c.renews ?? null])).toEqual(
      expect.arrayContaining([
        [true, null],
        [false, card.id],
      ]),
    );
  });
});
