import { beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { deferred } from "../../tests/fixtures/deferred";
import type { ActivityRange } from "../api";
import { ApiError } from "../api/errors";
import type { ActivityRow } from "../api/schemas/lifecycle";
import type { SaveFileParams } from "../browser/save-file";
import { setupTestI18n } from "../i18n/testing";
import { agentActivityMachine, digitalTotal, totalsPerAgent } from "./agent-activity";

const row = (day: string, username: string, counts: Partial<ActivityRow> = {}): ActivityRow => ({
  day,
  agent: { username, first_name: username === "admin" ? "Admin" : "Awa" },
  ...counts,
});

const rows: ActivityRow[] = [
  row("2026-11-20", "agent", { validated: 4, printed: 2 }),
  row("2026-11-20", "admin", { suspended: 1, replaced: 1 }),
  row("2026-11-21", "agent", { validated: 1, suspended: 2, reactivated: 1 }),
];

const build = (
  read: (range: ActivityRange) => Promise<readonly ActivityRow[]> = async () => rows,
  agent: string | null = null,
  digital = false,
) => {
  const readActivity = vi.fn(read);
  const saved: SaveFileParams[] = [];
  const actor = createActor(
    agentActivityMachine.provide({
      actors: { readActivity: fromPromise(({ input }) => readActivity(input)) },
      actions: { saveFile: (_, params) => saved.push(params) },
    }),
    { input: { today: "2026-11-27", agent, digital } },
  ).start();
  return { actor, readActivity, saved };
};

describe("agents' activity machine", () => {
  beforeAll(async () => {
    await setupTestI18n("fr");
  });

  it("reads the last thirty days (today included) at once", async () => {
    const { actor, readActivity } = build();
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("ready"));
    expect(readActivity).toHaveBeenCalledWith({ from: "2026-10-29", to: "2026-11-27" });
    expect(actor.getSnapshot().context.rows).toEqual(rows);
  });

  it("one agent's activity (from the agents page): only their days, in the screen and its export", async () => {
    const { actor, saved } = build(undefined, "admin");
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.rows).toEqual([rows[1]]);
    actor.send({ type: "EXPORT" });
    const text = await saved[0]!.file.blob.text();
    expect(text).toContain("admin");
    expect(text).not.toContain(";agent;");
  });

  it("SET_RANGE reads the new range; a range the backend refuses is not sent, and says why", async () => {
    const { actor, readActivity } = build();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "SET_RANGE", range: { from: "2026-11-01", to: "2026-11-30" } });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await waitFor(actor, (s) => s.matches("ready"));
    expect(readActivity).toHaveBeenLastCalledWith({ from: "2026-11-01", to: "2026-11-30" });
    for (const [range, key] of [
      [{ from: "", to: "2026-11-30" }, "agent:activity.range.incomplete"],
      [{ from: "2026-11-30", to: "2026-11-01" }, "agent:activity.range.backwards"],
      [{ from: "2025-01-01", to: "2026-11-30" }, "agent:activity.range.tooLong"],
    ] as const) {
      actor.send({ type: "SET_RANGE", range });
      expect(actor.getSnapshot().context.rangeError).toBe(key);
      expect(actor.getSnapshot().matches("ready")).toBe(true);
    }
    expect(readActivity).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.shown).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    actor.send({ type: "SET_RANGE", range: { from: "2026-11-02", to: "2026-11-30" } });
    expect(actor.getSnapshot().context.rangeError).toBeNull();
  });

  it("a later range wins over one still being read", async () => {
    const first = deferred<readonly ActivityRow[]>();
    let calls = 0;
    const { actor } = build(async (range) => (calls++ === 0 ? first.promise : [row(range.from, "agent")]));
    actor.send({ type: "SET_RANGE", range: { from: "2026-10-01", to: "2026-10-31" } });
    await waitFor(actor, (s) => s.matches("ready"));
    first.resolve(rows);
    await Promise.resolve();
    expect(actor.getSnapshot().context.rows).toEqual([row("2026-10-01", "agent")]);
  });

  it("a failed read says so; RETRY reads again", async () => {
    let calls = 0;
    const { actor } = build(async () => {
      if (calls++ === 0) throw new ApiError("forbidden", "agentActivity", "/base/api/v1/cards/activity/", 403, null);
      return rows;
    });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.errorKey).toMatch(/^errors:/);
    actor.send({ type: "RETRY" });
    await waitFor(actor, (s) => s.matches("ready"));
  });

  it("EXPORT saves the rows shown as a CSV for Excel, in French, days as dd/mm/yyyy; nothing to save, nothing saved", async () => {
    const { actor, saved } = build();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "EXPORT" });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.fileName).toBe("activite-agents-2026-10-29-2026-11-27.csv");
    const text = new TextDecoder().decode(await saved[0]!.file.blob.arrayBuffer());
    expect(text.split("\r\n").slice(0, 3)).toEqual([
      "Jour;Agent;Identifiant;Validées;Refusées;Corrections demandées;Renouvelées;Imprimées;Suspendues;Réactivées;Remplacées",
      "20/11/2026;Awa;agent;4;0;0;0;2;0;0;0",
      "20/11/2026;Admin;admin;0;0;0;0;0;1;0;1",
    ]);

    const empty = build(async () => []);
    await waitFor(empty.actor, (s) => s.matches("ready"));
    empty.actor.send({ type: "EXPORT" });
    expect(empty.saved).toHaveLength(0);
  });

  it("totals each agent's counts over the range", () => {
    expect(totalsPerAgent(rows)).toEqual([
      {
        username: "admin",
        name: "Admin",
        counts: {
          validated: 0,
          rejected: 0,
          correction: 0,
          renewed: 0,
          printed: 0,
          suspended: 1,
          reactivated: 0,
          replaced: 1,
        },
      },
      {
        username: "agent",
        name: "Awa",
        counts: {
          validated: 5,
          rejected: 0,
          correction: 0,
          renewed: 0,
          printed: 2,
          suspended: 2,
          reactivated: 1,
          replaced: 0,
        },
      },
    ]);
  });

  describe("digital cards (extension digital-card)", () => {
    const holders: ActivityRow = { day: "2026-11-20", agent: null, digital: 3 };
    const withHolders = async () => [...rows.slice(0, 2), holders, rows[2]!];

    it("shows the holders' row and exports its count, never in an agent's totals", async () => {
      const { actor, saved } = build(withHolders, null, true);
      await waitFor(actor, (s) => s.matches("ready"));
      const shown = actor.getSnapshot().context.rows;
      expect(shown).toContainEqual(holders);
      expect(digitalTotal(shown)).toBe(3);
      expect(totalsPerAgent(shown).map((entry) => entry.username)).toEqual(["admin", "agent"]);
      actor.send({ type: "EXPORT" });
      const lines = (await saved[0]!.file.blob.text()).split("\r\n");
      expect(lines[0]).toMatch(/;Remplacées;Cartes numériques$/);
      expect(lines).toContain("20/11/2026;Titulaires (carte numérique);;0;0;0;0;0;0;0;0;3");
    });

    it("without the capability, or in one agent's view, the holders' row is not shown", async () => {
      for (const [agent, digital] of [
        [null, false],
        ["admin", true],
      ] as const) {
        const { actor } = build(withHolders, agent, digital);
        await waitFor(actor, (s) => s.matches("ready"));
        expect(actor.getSnapshot().context.rows.some((row) => row.agent === null)).toBe(false);
      }
    });
  });
});
