import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../api";
import type { KindId } from "../api/kind-ids";
import { kinds } from "../kinds";
import type { FormValues } from "../forms/rules";
import type { SubmitInput, SubmitOutput } from "../forms/submission";
import {
  photoBase64,
  referenceData,
  staffSubmission,
  studentSubmission,
  teacherDemand,
} from "../../tests/fixtures/entities";
import { restoreWizard, snapshotForStorage, type StoredWizard } from "./wizard-storage";
import { wizardMachine, type WizardInput } from "./wizard";

const {
  id: _id,
  code: _code,
  insert_at: _at,
  validated: _v,
  validator: _by,
  rejection: _r,
  ...teacherSubmission
} = teacherDemand;
const samples: Record<KindId, FormValues> = {
  student: { ...studentSubmission, niveau: 3 },
  staff: staffSubmission,
  teacher: teacherSubmission,
};
// The birth-date rule counts from today: the samples are dated for 15 May 2026.
beforeEach(() => void vi.useFakeTimers({ now: new Date(2026, 4, 15), toFake: ["Date"] }));
afterEach(() => void vi.useRealTimers());
const answer: SubmitOutput = { id: "d-1", code: "DM0001", name: "Sample" };

const build = (
  input: Partial<WizardInput> & { kind: KindId },
  submit: (input: SubmitInput) => Promise<SubmitOutput> = async () => answer,
) => {
  const persist = vi.fn<(snapshot: StoredWizard) => void>();
  const clear = vi.fn();
  const submitCalls = vi.fn(submit);
  const machine = wizardMachine.provide({
    actors: { submit: fromPromise(({ input }) => submitCalls(input)) },
    actions: { persist: (_, snapshot) => persist(snapshot), clear: (_, params) => clear(params) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, persist, clear, submitCalls };
};

type Actor = ReturnType<typeof build>["actor"];

/** A wizard given a stored draft, whose user chose to resume it. */
const resumed = (input: Partial<WizardInput> & { kind: KindId }) => {
  const built = build(input);
  built.actor.send({ type: "RESUME" });
  return built;
};

/** Types the sample values of one step (the photo through SET_PHOTO). */
const fillStep = (actor: Actor, kind: KindId, index: number) => {
  for (const field of kinds[kind].form.steps[index]?.fields ?? []) {
    if (field.input.type === "photo") actor.send({ type: "SET_PHOTO", dataUrl: photoBase64 });
    else actor.send({ type: "CHANGE", field: field.name, value: samples[kind][field.name] ?? null });
  }
};

const fillAll = (actor: Actor, kind: KindId) => {
  kinds[kind].form.steps.forEach((_, index) => {
    fillStep(actor, kind, index);
    actor.send({ type: "NEXT" });
  });
};

const acceptAll = (actor: Actor) => {
  for (const which of ["read", "accept", "termsOfUse"]) actor.send({ type: "ACCEPT", which, value: true });
};

const at = (actor: Actor) => {
  const snapshot = actor.getSnapshot();
  return { state: snapshot.value, step: snapshot.context.step };
};

const kindIds = Object.keys(kinds) as KindId[];

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
