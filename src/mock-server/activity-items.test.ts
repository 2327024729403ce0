// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { activityItems, agentActivity, listCards, listDemands, rejectDemand, suspendCard } from "../api";
import { doualaDay } from "../api/card-validity";
import { kinds } from "../kinds";
import { DEMO_PASSWORDS } from "./demo-accounts";
import { rejectionOf, useSignedInDemoServer } from "./test-support";

/** The items behind each count of the agents' activity (extension `lifecycle`), in the demo backend. */

const demo = useSignedInDemoServer({ liveClock: true });

describe("the activity's items", () => {
  it("lists the cards and demands behind a count, for one agent or all, as many as the count", async () => {
    const today = doualaDay(Date.now());
    const range = { from: today, to: today };
    const card = (await listCards(kinds.staff, { state: "active" })).results[0];
    const demand = (await listDemands(kinds.teacher, { filter: "no_validated" })).results[0];
    if (!card || !demand) throw new Error("no card or demand");
    await suspendCard(kinds.staff, card.id, { reason: "lost", note: "", reported_by_holder: true });
    await rejectDemand(kinds.teacher, demand.id, { status: "rejected", reason: "duplicate", comment: "" });

    const row = (await agentActivity(range)).find((r) => r.agent?.username === "admin");
    const suspended = await activityItems({ ...range, agent: "admin", action: "suspended" });
    expect(suspended).toHaveLength(row?.suspended ?? -1);
    expect(suspended).toContainEqual(
      expect.objectContaining({ kind: "staff", item: "card", id: card.id, code: card.code, register: card.register }),
    );
    const rejected = await activityItems({ ...range, agent: "admin", action: "rejected" });
    expect(rejected).toContainEqual(
      expect.objectContaining({ kind: "teacher", item: "demand", id: demand.id, code: demand.code }),
    );
    expect(rejected.every((item) => item.item === "demand" && item.at.startsWith(today))).toBe(true);

    // Without an agent: every agent's, as the column's total counts them.
    const from = doualaDay(Date.now() - 365 * 86_400_000);
    const rows = await agentActivity({ from, to: today });
    const validated = await activityItems({ from, to: today, action: "validated" });
    expect(validated).toHaveLength(rows.reduce((sum, r) => sum + (r.validated ?? 0), 0));
    expect(validated.every((item) => item.item === "card" && (item.name ?? "").trim() !== "")).toBe(true);
  });

  it("refuses an unknown action on its field, and an agent (403)", async () => {
    const today = doualaDay(Date.now());
    expect(await rejectionOf(activityItems({ from: today, to: today, action: "eaten" as "validated" }))).toMatchObject({
      status: 400,
      content: { action: ['"eaten" is not a valid choice.'] },
    });
    await demo.signIn("agent", DEMO_PASSWORDS.agent);
    expect(await rejectionOf(activityItems({ from: today, to: today, action: "validated" }))).toMatchObject({
      status: 403,
    });
  });
});
