import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../api";
import type { Tracked } from "../api/schemas";
import { demandCorrectionMachine } from "./demand-correction";

const received: Tracked = { code: "DMPER000031", state: "received" };

const build = (correct: (input: unknown) => Promise<Tracked> = async () => received) => {
  const call = vi.fn(correct);
  const actor = createActor(
    demandCorrectionMachine.provide({ actors: { correct: fromPromise(({ input }) => call(input)) } }),
    {
      input: {
        kind: "staff",
        code: "DMPER000031",
        register: "P12345",
        // The photo and a reference list are never offered: only what the public page can show.
        fields: ["contact_person_phone", "photo", "service"],
      },
    },
  );
  actor.start();
  return { actor, call };
};

describe("demand correction machine (extension correction)", () => {
  it("checks the named fields by the wizard's rules, then sends them only, as the wizard sends them", async () => {
    const { actor, call } = build();
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().context.fieldErrors).toHaveProperty("contact_person_phone");
    expect(call).not.toHaveBeenCalled();
    actor.send({ type: "CHANGE", field: "contact_person_phone", value: "6 99 11 22 33" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("sent"));
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({
        code: "DMPER000031",
        register: "P12345",
        values: { contact_person_phone: "699112233" },
      }),
    );
    expect(actor.getSnapshot().context.result).toEqual(received);
  });

  it("the server's words on a field land on that field", async () => {
    const refusal = new ApiError("badRequest", "correctDemand", "/x", 400, {
      values: { contact_person_phone: ["Enter a valid phone number."] },
    });
    const { actor } = build(() => Promise.reject(refusal));
    actor.send({ type: "CHANGE", field: "contact_person_phone", value: "699112233" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.errorKey !== null);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ contact_person_phone: "Enter a valid phone number." });
    expect(actor.getSnapshot().context.errorKey).toBe("errors:correctionInvalid");
  });
});
