// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import {
  agentActivity,
  listCards,
  listDemands,
  notifyPrint,
  reactivateCard,
  rejectDemand,
  renewCard,
  replaceCard,
  suspendCard,
} from "../api";
import { doualaDay } from "../api/card-validity";
import { kinds } from "../kinds";
import { DEMO_PASSWORDS } from "./demo-accounts";
import { rejectionOf, statusAndContent, useSignedInDemoServer } from "./test-support";

const demo = useSignedInDemoServer({ liveClock: true });

describe("the agents' activity in the demo backend (extension lifecycle)", () => {
  it("counts what each agent validated, printed, suspended, reactivated and replaced, by day", async () => {
    const today = doualaDay(Date.now());
    const before = (await agentActivity({ from: today, to: today })).find((r) => r.agent?.username === "admin");
    const [first, second] = (await listCards(kinds.staff, { state: "active" })).results;
    if (!first || !second) throw new Error("no cards");
    await suspendCard(kinds.staff, first.id, { reason: "lost", note: "", reported_by_holder: true });
    await reactivateCard(kinds.staff, first.id, { note: "" });
    await suspendCard(kinds.staff, second.id, { reason: "stolen", note: "", reported_by_holder: false });
    await replaceCard(kinds.staff, second.id, { fee_amount: 5000, payment_reference: "MP-2", note: "" });
    await notifyPrint(kinds.student, (await listCards(kinds.student)).results[0]?.id ?? "");

    const rows = await agentActivity({ from: today, to: today });
    const admin = rows.find((r) => r.agent?.username === "admin");
    const was = (key: "validated" | "printed" | "suspended" | "reactivated" | "replaced") => before?.[key] ?? 0;
    expect(admin).toMatchObject({
      day: today,
      agent: { username: "admin", first_name: expect.any(String) },
      suspended: was("suspended") + 2,
      reactivated: was("reactivated") + 1,
      replaced: was("replaced") + 1,
      printed: was("printed") + 1,
      // The replacement card is issued by the replacement, not counted as a validation.
      validated: was("validated"),
    });
  });

  it("counts the demands each agent rejected or sent back for a correction, and the cards they renewed", async () => {
    const today = doualaDay(Date.now());
    const before = (await agentActivity({ from: today, to: today })).find((r) => r.agent?.username === "admin");
    const [first, second] = (await listDemands(kinds.teacher, { filter: "no_validated" })).results;
    if (!first || !second) throw new Error("no pending demands");
    await rejectDemand(kinds.teacher, first.id, { status: "rejected", reason: "duplicate", comment: "" });
    await rejectDemand(kinds.teacher, second.id, { status: "correction", reason: "photo", comment: "" });
    const expired = (await listCards(kinds.student, { state: "expired" })).results[0];
    if (!expired) throw new Error("no expired card");
    await renewCard(kinds.student, expired.id);

    const admin = (await agentActivity({ from: today, to: today })).find((r) => r.agent?.username === "admin");
    expect(admin).toMatchObject({
      rejected: (before?.rejected ?? 0) + 1,
      correction: (before?.correction ?? 0) + 1,
      renewed: (before?.renewed ?? 0) + 1,
    });
  });

  it("reads validations from the seeded cards, day by day and agent by agent, in order", async () => {
    const today = doualaDay(Date.now());
    const from = doualaDay(Date.now() - 365 * 86_400_000);
    const rows = await agentActivity({ from, to: today });
    expect(rows.reduce((sum, r) => sum + (r.validated ?? 0), 0)).toBeGreaterThan(0);
    expect(rows.every((r) => r.day >= from && r.day <= today)).toBe(true);
    const keys = rows.map((r) => `${r.day} ${r.agent?.username}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
    const empty = await agentActivity({ from: "2001-01-01", to: "2001-01-31" });
    expect(empty).toEqual([]);
  });

  it("refuses a range that is missing, not a day, backwards or longer than 366 days, DRF style", async () => {
    const cases = [
      [{ from: "", to: "2026-11-30" }, { from: ["This field is required."] }],
      [
        { from: "2026-02-30", to: "2026-11-30" },
        { from: ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."] },
      ],
      [
        { from: "2026-11-30", to: "2026-11-01" },
        { non_field_errors: ["The start of the range must be on or before its end."] },
      ],
      [{ from: "2025-01-01", to: "2026-11-30" }, { non_field_errors: ["The range must be 366 days at most."] }],
    ] as const;
    for (const [range, content] of cases)
      expect(statusAndContent(await rejectionOf(agentActivity(range)))).toEqual({ status: 400, content });
  });

  it("is for administrators only: 403 for an agent, 401 without a token", async () => {
    await demo.signIn("agent", DEMO_PASSWORDS.agent);
    const asAgent = await rejectionOf(agentActivity({ from: "2026-11-01", to: "2026-11-30" }));
    expect(statusAndContent(asAgent)).toEqual({
      status: 403,
      content: { detail: "You do not have permission to perform this action." },
    });
    demo.setToken(null);
    const anonymous = await rejectionOf(agentActivity({ from: "2026-11-01", to: "2026-11-30" }));
    expect(statusAndContent(anonymous).status).toBe(401);
  });
});
