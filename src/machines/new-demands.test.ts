import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { student } from "../kinds";
import { demandListFilter } from "./demand-list-filter";
import { newDemandsMachine } from "./new-demands";

const list = { search: "", filter: demandListFilter("no_validated", null) };

describe("new demands since the list was read", () => {
  it("counts the list again on CHECK (the window back in focus) and says how many more there are", async () => {
    const counts = [12, 15];
    const count = vi.fn(async () => counts.shift() ?? 15);
    const actor = createActor(newDemandsMachine.provide({ actors: { count: fromPromise(() => count()) } }), {
      input: { kind: student },
    }).start();
    actor.send({ type: "CHECK" });
    expect(count).not.toHaveBeenCalled();
    actor.send({ type: "WATCH", list, count: 12 });
    actor.send({ type: "CHECK" });
    await waitFor(actor, (s) => s.matches("waiting") && count.mock.calls.length === 1);
    expect(actor.getSnapshot().context.fresh).toBe(0);
    actor.send({ type: "CHECK" });
    await waitFor(actor, (s) => s.matches("waiting") && count.mock.calls.length === 2);
    expect(actor.getSnapshot().context.fresh).toBe(3);
    // Shown: the list read again starts a new count.
    actor.send({ type: "WATCH", list, count: 15 });
    expect(actor.getSnapshot().context.fresh).toBe(0);
  });

  it("counts again every minute by itself", async () => {
    vi.useFakeTimers();
    try {
      const count = vi.fn(async () => 13);
      const actor = createActor(newDemandsMachine.provide({ actors: { count: fromPromise(() => count()) } }), {
        input: { kind: student },
      }).start();
      actor.send({ type: "WATCH", list, count: 12 });
      await vi.advanceTimersByTimeAsync(59_999);
      expect(count).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(count).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.fresh).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
