import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KindId } from "../api/kind-ids";
import { referenceData } from "../../tests/fixtures/entities";
import { restoreWizard, snapshotForStorage } from "./wizard-storage";
import { at, build, fillAll, fillStep, resumed, samples } from "./wizard-testing";

// The birth-date rule counts from today: the samples are dated for 15 May 2026.
beforeEach(() => void vi.useFakeTimers({ now: new Date(2026, 4, 15), toFake: ["Date"] }));
afterEach(() => void vi.useRealTimers());

describe("wizard specifics", () => {
  it("ignores a snapshot of another kind and unusable snapshots", () => {
    const stored = snapshotForStorage({
      kind: "staff",
      values: { register: "PER1024" },
      step: 1,
      reached: 1,
      acceptances: {},
      photo: null,
    });
    expect(at(build({ kind: "student", restored: stored }).actor)).toEqual({ state: "editing", step: 0 });
    expect(restoreWizard(null)).toBeNull();
    expect(restoreWizard("{not json")).toBeNull();
    expect(restoreWizard({ ...stored, version: 2 })).toBeNull();
    expect(restoreWizard({ ...stored, values: { register: { nested: true } } })).toBeNull();
  });

  it("clamps a restored position to the steps reached and drops a photo that is not an image", () => {
    const restored = restoreWizard({
      version: 1,
      kind: "student",
      values: {},
      step: 9,
      reached: 2,
      acceptances: { read: true, bogus: true },
      photo: "javascript:alert(1)",
    });
    const { actor } = resumed({ kind: "student", restored });
    expect(at(actor)).toEqual({ state: "editing", step: 2 });
    expect(actor.getSnapshot().context.photo).toBeNull();
    expect(actor.getSnapshot().context.acceptances).toEqual({ read: true, accept: false, termsOfUse: false });
  });

  it("sends the user back to a step that became invalid when SUBMIT finds it so", () => {
    const values = { ...samples.student, register: "" };
    const restored = restoreWizard({
      version: 1,
      kind: "student",
      values,
      step: 4,
      reached: 4,
      acceptances: { read: true, accept: true, termsOfUse: true },
      photo: null,
    });
    const { actor, submitCalls } = resumed({ kind: "student", restored });
    expect(at(actor).state).toBe("reviewing");
    actor.send({ type: "SUBMIT" });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    expect(actor.getSnapshot().context.errors.register).toBe("validation:registerRequired");
    expect(submitCalls).not.toHaveBeenCalled();
  });

  it("prunes cascade dependents on CHANGE when reference data is known", () => {
    const { actor } = build({ kind: "student", referenceData });
    for (const [field, value] of [
      ["faculty", 1],
      ["cycle", 1],
      ["niveau", 3],
      ["filiere", 1],
    ] as const) {
      actor.send({ type: "CHANGE", field, value });
    }
    actor.send({ type: "CHANGE", field: "cycle", value: 2 });
    expect(actor.getSnapshot().context.values).toMatchObject({ faculty: 1, cycle: 2, filiere: null, niveau: null });
    actor.send({ type: "CHANGE", field: "faculty", value: 2 });
    expect(actor.getSnapshot().context.values).toMatchObject({ faculty: 2, cycle: null });
  });

  it("receives reference data later and prunes with it; the level stops being required where none exist", () => {
    const { actor } = build({ kind: "student" });
    actor.send({ type: "CHANGE", field: "faculty", value: 9 });
    actor.send({ type: "REFERENCE_DATA", data: referenceData });
    expect(actor.getSnapshot().context.values.faculty).toBeNull();
    for (const [field, value] of [
      ["register", "21T2345"],
      ["faculty", 1],
      ["cycle", 2],
    ] as const) {
      actor.send({ type: "CHANGE", field, value });
    }
    actor.send({ type: "NEXT" });
    // Master has no level in the sample data; only the filière is missing.
    expect(actor.getSnapshot().context.errors).toEqual({ filiere: "validation:filiereRequired" });
  });

  it("validates the student photo when given", () => {
    const { actor } = build({ kind: "student" });
    fillAll(actor, "student");
    actor.send({ type: "GOTO", step: 2 });
    actor.send({ type: "SET_PHOTO", dataUrl: "data:text/html;base64,PGI+" });
    actor.send({ type: "NEXT" });
    expect(at(actor)).toEqual({ state: "editing", step: 2 });
    expect(actor.getSnapshot().context.errors.photo).toBe("validation:photoInvalid");
    actor.send({ type: "SET_PHOTO", dataUrl: null });
    expect(actor.getSnapshot().context.errors.photo).toBeUndefined();
    actor.send({ type: "NEXT" });
    // The review was reached: Next goes back to it.
    expect(at(actor)).toEqual({ state: "reviewing", step: 4 });
  });

  it("once the review was reached, Next on a step changed from it goes back to the review, or stops on a step now invalid", () => {
    const { actor } = build({ kind: "student" });
    fillAll(actor, "student");
    expect(at(actor)).toEqual({ state: "reviewing", step: 4 });
    actor.send({ type: "GOTO", step: 1 });
    actor.send({ type: "NEXT" });
    expect(at(actor)).toEqual({ state: "reviewing", step: 4 });

    actor.send({ type: "GOTO", step: 2 });
    actor.send({ type: "CHANGE", field: "lastname", value: "" });
    actor.send({ type: "GOTO", step: 1 });
    actor.send({ type: "NEXT" });
    expect(at(actor)).toEqual({ state: "editing", step: 2 });
    expect(actor.getSnapshot().context.errors.lastname).toBeDefined();
  });
});

describe("a draft found on this device is offered, never imposed", () => {
  const draftOf = (kind: KindId) => {
    const { actor, persist } = build({ kind });
    fillStep(actor, kind, 0);
    actor.send({ type: "NEXT" });
    fillStep(actor, kind, 1);
    actor.send({ type: "NEXT" });
    return { stored: restoreWizard(JSON.stringify(persist.mock.lastCall?.[0])), context: actor.getSnapshot().context };
  };

  it("waits on the choice with nothing of the draft in the form, and says when it was started", () => {
    const { stored } = draftOf("staff");
    expect(stored?.startedAt).toBe(new Date(2026, 4, 15).getTime());
    const { actor, persist } = build({ kind: "staff", restored: stored });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("offering");
    expect(snapshot.context.step).toBe(0);
    expect(snapshot.context.values.register).toBe("");
    expect(snapshot.context.draft?.values.register).toBe(samples.staff.register);
    // Typing before choosing is not possible: the form is not shown, and the machine ignores it.
    actor.send({ type: "CHANGE", field: "lastname", value: "Intruder" });
    actor.send({ type: "NEXT" });
    expect(actor.getSnapshot().context.values.lastname).toBe("");
    expect(actor.getSnapshot().value).toBe("offering");
    expect(persist).not.toHaveBeenCalled();
  });

  it("RESUME takes the draft back where it was left", () => {
    const { stored, context } = draftOf("teacher");
    const { actor } = build({ kind: "teacher", restored: stored });
    actor.send({ type: "RESUME" });
    expect(at(actor)).toEqual({ state: "editing", step: 2 });
    expect(actor.getSnapshot().context.values).toEqual(context.values);
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it("START_NEW discards the draft from storage and starts on the first step, empty", () => {
    const { stored } = draftOf("student");
    const { actor, clear, persist } = build({ kind: "student", restored: stored });
    actor.send({ type: "START_NEW" });
    expect(at(actor)).toEqual({ state: "editing", step: 0 });
    expect(clear).toHaveBeenCalledWith({ kind: "student" });
    expect(actor.getSnapshot().context.values.register).toBe("");
    expect(actor.getSnapshot().context.draft).toBeNull();
    actor.send({ type: "CHANGE", field: "register", value: "22W1234" });
    // The new request's own start date, not the discarded one's.
    vi.setSystemTime(new Date(2026, 4, 16));
    actor.send({ type: "CHANGE", field: "register", value: "22W1235" });
    expect(persist.mock.lastCall?.[0].startedAt).toBe(new Date(2026, 4, 15).getTime());
  });

  it("offers nothing when the stored draft holds nothing typed", () => {
    const empty = snapshotForStorage({ ...build({ kind: "staff" }).actor.getSnapshot().context, startedAt: 1 });
    expect(at(build({ kind: "staff", restored: empty }).actor)).toEqual({ state: "editing", step: 0 });
  });
});
