import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../api";
import type { ActivityItem } from "../api/schemas/lifecycle";
import { activityItemsMachine, itemHref, itemsQueryOf } from "./activity-items";

const item = (overrides: Partial<ActivityItem> = {}): ActivityItem => ({
  kind: "staff",
  item: "card",
  id: "c 1",
  code: "PCPER000001",
  at: "2026-11-12T09:30:00.000+01:00",
  ...overrides,
});

describe("the items behind an activity count", () => {
  it("reads its address: a range the backend takes, a known count, an agent or none", () => {
    expect(itemsQueryOf({ from: "2026-11-01", to: "2026-11-12", action: "rejected", agent: " agent " })).toEqual({
      from: "2026-11-01",
      to: "2026-11-12",
      action: "rejected",
      agent: "agent",
    });
    expect(itemsQueryOf({ from: "2026-11-12", to: "2026-11-12", action: "printed" })).toEqual({
      from: "2026-11-12",
      to: "2026-11-12",
      action: "printed",
    });
    for (const bad of [
      { from: "2026-11-12", to: "2026-11-01", action: "printed" },
      { from: "2026-11-12", to: "2026-11-12", action: "eaten" },
      { to: "2026-11-12", action: "printed" },
    ])
      expect(itemsQueryOf(bad)).toBeNull();
  });

  it("opens a card's detail or a demand's validation screen; an unknown kind or type opens nothing", () => {
    expect(itemHref(item())).toBe("/dashboard/staff/card/c%201");
    expect(itemHref(item({ kind: "teacher", item: "demand", id: "d1" }))).toBe(
      "/dashboard/teacher/demand/validation/d1",
    );
    expect(itemHref(item({ kind: "alumni" }))).toBeNull();
    expect(itemHref(item({ item: "receipt" }))).toBeNull();
  });

  it("reads the items, says a failure and reads again on RETRY", async () => {
    let calls = 0;
    const actor = createActor(
      activityItemsMachine.provide({
        actors: {
          readItems: fromPromise(async (): Promise<readonly ActivityItem[]> => {
            if (++calls === 1)
              throw new ApiError("server", "activityItems", "/base/api/v1/cards/activity/items/", 500, null);
            return [item()];
          }),
        },
      }),
      { input: { query: { from: "2026-11-12", to: "2026-11-12", action: "validated" } } },
    ).start();
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.errorKey).toMatch(/^errors:/);
    actor.send({ type: "RETRY" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.items).toEqual([item()]);
  });
});
