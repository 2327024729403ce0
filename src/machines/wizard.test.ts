import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "xstate";
import { ApiError } from "../api";
import { kinds } from "../kinds";
import { photoBase64 } from "../../tests/fixtures/entities";
import { restoreWizard, snapshotForStorage } from "./wizard-storage";
import { acceptAll, answer, at, build, fillAll, fillStep, kindIds, resumed, samples } from "./wizard-testing";

// The birth-date rule counts from today: the samples are dated for 15 May 2026.
beforeEach(() => void vi.useFakeTimers({ now: new Date(2026, 4, 15), toFake: ["Date"] }));
afterEach(() => void vi.useRealTimers());

describe.each(kindIds)("wizard for %s", (kind) => {
  const stepCount = kinds[kind].form.steps.length;

  it("starts on the first step with the default values", () => {
    const { actor } = build({ kind });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    expect(actor.getSnapshot().context.values).toMatchObject({ register: "", lastname: "" });
    expect(actor.getSnapshot().context.acceptances).toEqual({ read: false, accept: false, termsOfUse: false });
  });

  it("stays on a step with its errors when NEXT finds it invalid, and clears a field's error when it changes", () => {
    const { actor } = build({ kind });
    actor.send({ type: "NEXT" });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    const errors = actor.getSnapshot().context.errors;
    expect(errors.register).toBe("validation:registerRequired");
    const stepFields = kinds[kind].form.steps[0]?.fields.map((f) => f.name) ?? [];
    expect(Object.keys(errors).every((name) => stepFields.includes(name))).toBe(true);
    actor.send({ type: "CHANGE", field: "register", value: "1234" });
    expect(actor.getSnapshot().context.errors.register).toBeUndefined();
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.errors.register).toBe("validation:registerMin");
  });

  it("walks each step forward and back, then to the review", () => {
    const { actor } = build({ kind });
    for (let index = 0; index < stepCount; index++) {
      fillStep(actor, kind, index);
      actor.send({ type: "NEXT" });
      if (index < stepCount - 1) {
        expect(at(actor)).toEqual({ state: "editing", step: index + 1 });
        actor.send({ type: "PREVIOUS" });
        expect(at(actor)).toEqual({ state: "editing", step: index });
        actor.send({ type: "NEXT" });
        expect(at(actor)).toEqual({ state: "editing", step: index + 1 });
      }
    }
    expect(at(actor)).toEqual({ state: "reviewing", step: stepCount });
    actor.send({ type: "PREVIOUS" });
    expect(at(actor)).toEqual({ state: "editing", step: stepCount - 1 });
    actor.send({ type: "NEXT" });
    expect(at(actor)).toEqual({ state: "reviewing", step: stepCount });
    actor.send({ type: "PREVIOUS" });
    actor.send({ type: "PREVIOUS" });
    expect(at(actor)).toEqual({ state: "editing", step: stepCount - 2 });
  });

  it("ignores PREVIOUS on the first step", () => {
    const { actor } = build({ kind });
    actor.send({ type: "PREVIOUS" });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
  });

  it("goes to earlier steps and reached ones only", () => {
    const { actor } = build({ kind });
    actor.send({ type: "GOTO", step: 1 });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    fillAll(actor, kind);
    expect(at(actor).state).toBe("reviewing");
    actor.send({ type: "GOTO", step: 0 });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    actor.send({ type: "GOTO", step: stepCount - 1 });
    expect(at(actor)).toEqual({ state: "editing", step: stepCount - 1 });
    actor.send({ type: "GOTO", step: stepCount });
    expect(at(actor)).toEqual({ state: "reviewing", step: stepCount });
    actor.send({ type: "GOTO", step: stepCount + 1 });
    actor.send({ type: "GOTO", step: -1 });
    expect(at(actor)).toEqual({ state: "reviewing", step: stepCount });
  });

  it("stops a forward GOTO on a step made invalid since", () => {
    const { actor } = build({ kind });
    fillAll(actor, kind);
    actor.send({ type: "GOTO", step: 0 });
    actor.send({ type: "CHANGE", field: "register", value: "" });
    actor.send({ type: "GOTO", step: stepCount });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    expect(actor.getSnapshot().context.errors.register).toBe("validation:registerRequired");
  });

  it("requires the three acceptances, then submits kind, values and photo and ends approved, clearing storage", async () => {
    const { actor, submitCalls, clear } = build({ kind });
    fillAll(actor, kind);
    actor.send({ type: "SUBMIT" });
    expect(at(actor).state).toBe("reviewing");
    expect(actor.getSnapshot().context.errors).toEqual({
      read: "validation:termsRequired",
      accept: "validation:termsRequired",
      termsOfUse: "validation:termsRequired",
    });
    actor.send({ type: "ACCEPT", which: "read", value: true });
    expect(actor.getSnapshot().context.errors.read).toBeUndefined();
    actor.send({ type: "ACCEPT", which: "accept", value: true });
    actor.send({ type: "SUBMIT" });
    expect(submitCalls).not.toHaveBeenCalled();
    actor.send({ type: "ACCEPT", which: "termsOfUse", value: true });
    actor.send({ type: "SUBMIT" });
    expect(at(actor).state).toBe("submitting");
    await waitFor(actor, (s) => s.matches("approved"));
    expect(actor.getSnapshot().context.result).toEqual(answer);
    expect(submitCalls).toHaveBeenCalledTimes(1);
    expect(submitCalls.mock.calls[0]?.[0]).toEqual({
      kind,
      values: expect.objectContaining(samples[kind]),
      photo: photoBase64,
    });
    expect(clear).toHaveBeenLastCalledWith({ kind });
  });

  it("sends one request on a double SUBMIT", async () => {
    const { actor, submitCalls } = build({ kind });
    fillAll(actor, kind);
    acceptAll(actor);
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("approved"));
    expect(submitCalls).toHaveBeenCalledTimes(1);
  });

  it("returns to the review with alreadyExists and everything kept on a duplicate register", async () => {
    const exist = new ApiError("exist", "submitDemand", kinds[kind].paths.submit, 400, { register: ["exists"] });
    const { actor, clear } = build({ kind }, async () => Promise.reject(exist));
    fillAll(actor, kind);
    acceptAll(actor);
    const before = actor.getSnapshot().context;
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("reviewing"));
    const after = actor.getSnapshot().context;
    expect(after.alreadyExists).toBe(true);
    expect(after.error).toBe(exist);
    expect(after.values).toEqual(before.values);
    expect(after.photo).toBe(before.photo);
    expect(after.acceptances).toEqual(before.acceptances);
    expect(clear).not.toHaveBeenCalled();
    // Correcting the register clears the flag.
    actor.send({ type: "GOTO", step: 0 });
    expect(actor.getSnapshot().context.alreadyExists).toBe(false);
  });

  it("a 400 with field errors goes back to the first step holding one of them, with the server's words, not to Retry", async () => {
    const refused = new ApiError("badRequest", "submitDemand", kinds[kind].paths.submit, 400, {
      email: ["Enter a valid email address."],
      detail: "Bad request.",
    });
    const { actor, submitCalls } = build({ kind }, async () => Promise.reject(refused));
    fillAll(actor, kind);
    acceptAll(actor);
    const before = actor.getSnapshot().context;
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => !s.matches("submitting"));
    const after = actor.getSnapshot();
    expect(after.matches("editing")).toBe(true);
    const emailStep = kinds[kind].form.steps.findIndex((step) => step.fields.some((field) => field.name === "email"));
    expect(after.context.step).toBe(emailStep);
    expect(after.context.serverErrors).toEqual({ email: "Enter a valid email address." });
    expect(after.context.values).toEqual(before.values);
    expect(submitCalls).toHaveBeenCalledTimes(1);
    // Changing the field clears the server's word on it.
    actor.send({ type: "CHANGE", field: "email", value: "other@example.cm" });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
  });

  it("a duplicate answered after a lost answer means the demand was most probably received, not 'change the register'", async () => {
    const lost = new ApiError("network", "submitDemand", kinds[kind].paths.submit, null, "Failed to fetch");
    const exist = new ApiError("exist", "submitDemand", kinds[kind].paths.submit, 400, { register: ["exists"] });
    let calls = 0;
    const { actor } = build({ kind }, async () => Promise.reject(calls++ === 0 ? lost : exist));
    fillAll(actor, kind);
    acceptAll(actor);
    const before = actor.getSnapshot().context;
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("failed"));
    actor.send({ type: "RETRY" });
    await waitFor(actor, (s) => s.matches("reviewing"));
    const after = actor.getSnapshot().context;
    expect(after.probablyReceived).toBe(true);
    expect(after.alreadyExists).toBe(false);
    expect(after.values).toEqual(before.values);
    // A new register is a new demand: a duplicate then is a real one.
    actor.send({ type: "GOTO", step: 0 });
    actor.send({ type: "CHANGE", field: "register", value: "ZZ99901" });
    expect(actor.getSnapshot().context.probablyReceived).toBe(false);
  });

  it("fails on other errors, keeps everything, and RETRY / BACK work", async () => {
    let calls = 0;
    const { actor, submitCalls } = build({ kind }, async () => {
      calls += 1;
      if (calls === 1) throw new ApiError("server", "submitDemand", "/x", 500, null);
      return answer;
    });
    fillAll(actor, kind);
    acceptAll(actor);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("failed"));
    expect((actor.getSnapshot().context.error as ApiError).kind).toBe("server");
    expect(actor.getSnapshot().context.values).toMatchObject(samples[kind]);
    actor.send({ type: "BACK" });
    expect(at(actor).state).toBe("reviewing");
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("approved"));
    expect(submitCalls).toHaveBeenCalledTimes(2);
  });

  it("RETRY from failed submits again and ends approved", async () => {
    let calls = 0;
    const { actor, submitCalls } = build({ kind }, async () => {
      calls += 1;
      if (calls === 1) throw new ApiError("network", "submitDemand", "/x", null, "offline");
      return answer;
    });
    fillAll(actor, kind);
    acceptAll(actor);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("failed"));
    actor.send({ type: "RETRY" });
    expect(at(actor).state).toBe("submitting");
    await waitFor(actor, (s) => s.matches("approved"));
    expect(submitCalls).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("RESET starts a new request from approved and clears storage", async () => {
    const { actor, clear } = build({ kind });
    fillAll(actor, kind);
    acceptAll(actor);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("approved"));
    actor.send({ type: "RESET" });
    const context = actor.getSnapshot().context;
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    expect(context.values.register).toBe("");
    expect(context.result).toBeNull();
    expect(context.photo).toBeNull();
    expect(context.acceptances.read).toBe(false);
    expect(clear).toHaveBeenCalledTimes(2);
  });

  it("RESET while editing or reviewing also starts over", () => {
    const { actor } = build({ kind });
    fillStep(actor, kind, 0);
    actor.send({ type: "NEXT" });
    actor.send({ type: "RESET" });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    expect(actor.getSnapshot().context.reached).toBe(0);
  });

  it("persists after every change; a snapshot survives a reload (JSON round trip), at a step and at the review", () => {
    const { actor, persist } = build({ kind });
    fillStep(actor, kind, 0);
    actor.send({ type: "NEXT" });
    expect(persist).toHaveBeenCalled();
    const stored = persist.mock.lastCall?.[0];
    expect(stored).toEqual(snapshotForStorage(actor.getSnapshot().context));
    expect(stored?.step).toBe(1);
    const restored = restoreWizard(JSON.stringify(stored));
    expect(restored).toEqual(stored);
    const reloaded = resumed({ kind, restored }).actor;
    expect(at(reloaded)).toEqual({ state: "editing", step: 1 });
    expect(reloaded.getSnapshot().context.values).toEqual(actor.getSnapshot().context.values);

    fillAll(actor, kind);
    acceptAll(actor);
    const atReview = restoreWizard(JSON.stringify(persist.mock.lastCall?.[0]));
    const again = resumed({ kind, restored: atReview }).actor;
    expect(at(again)).toEqual({ state: "reviewing", step: kinds[kind].form.steps.length });
    expect(again.getSnapshot().context.photo).toBe(actor.getSnapshot().context.photo);
    expect(again.getSnapshot().context.acceptances).toEqual({ read: true, accept: true, termsOfUse: true });
  });
});
