import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { student } from "../kinds";
import { renewalValidationMachine, type OneValidation } from "./renewal-validation";

const demands = ["d1", "d2", "d3"].map((id, i) => ({ id, code: `DMSTUD00000${i + 1}`, name: `Holder ${i + 1}` }));

describe("renewal demands validated in bulk", () => {
  it("validates one at a time, in the report's order; a demand the checks leave out is reported with why", async () => {
    const calls: string[] = [];
    const validateOne = vi.fn(async ({ id }: { id: string }): Promise<OneValidation> => {
      calls.push(id);
      return id === "d2" ? { validated: false, reasonKey: "card:renewal.validation.noPhoto" } : { validated: true };
    });
    const actor = createActor(
      renewalValidationMachine.provide({ actors: { validateOne: fromPromise(({ input }) => validateOne(input)) } }),
      { input: { kind: student, demands } },
    ).start();
    expect(calls).toEqual([]);
    actor.send({ type: "VALIDATE_ALL" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(calls).toEqual(["d1", "d2", "d3"]);
    const { report, done } = actor.getSnapshot().context;
    expect(done).toBe(3);
    expect(report.validated.map((d) => d.code)).toEqual(["DMSTUD000001", "DMSTUD000003"]);
    expect(report.left).toEqual([{ demand: demands[1], reasonKey: "card:renewal.validation.noPhoto" }]);
  });
});
