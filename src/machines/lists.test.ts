// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { listCards, suspendCard } from "../api";
import { kinds } from "../kinds";
import { useDemoServer } from "../mock-server/test-support";
import { cardListMachine } from "./lists";

const demo = useDemoServer();
beforeAll(() => void demo.start());
afterAll(() => demo.stop());
beforeEach(() => demo.signIn());

const rowsOf = async (machine: ReturnType<typeof cardListMachine>) => {
  const actor = createActor(machine, { input: { query: { filter: null } } }).start();
  const done = await waitFor(actor, (s) => s.matches("ready") || s.matches("empty"));
  actor.stop();
  return done.context.data?.results ?? [];
};

describe("card lists by state (extension lifecycle)", () => {
  it("lists only the cards of the chosen state, by print status too; no state lists them all", async () => {
    const kind = kinds.staff;
    const [first, second] = (await listCards(kind, { state: "active" })).results;
    await suspendCard(kind, first!.id, { reason: "lost", note: "", reported_by_holder: false });
    await suspendCard(kind, second!.id, { reason: "stolen", note: "", reported_by_holder: false });

    const suspended = await rowsOf(cardListMachine(kind, "all", "suspended"));
    expect(suspended.map((card) => card.code).toSorted()).toEqual([first!.code, second!.code].toSorted());
    expect(suspended.every((card) => card.state === "suspended")).toBe(true);

    const printed = first!.print_count ?? 0;
    const byPrint = await rowsOf(cardListMachine(kind, printed > 0 ? "yes" : "no", "suspended"));
    expect(byPrint.map((card) => card.code)).toContain(first!.code);
    expect(byPrint.every((card) => card.state === "suspended")).toBe(true);

    const all = await rowsOf(cardListMachine(kind, "all"));
    expect(all.some((card) => card.state !== "suspended")).toBe(true);
  });
});
