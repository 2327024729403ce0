import { vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { KindId } from "../api/kind-ids";
import { kinds } from "../kinds";
import type { FormValues } from "../forms/rules";
import type { SubmitInput, SubmitOutput } from "../forms/submission";
import { photoBase64, staffSubmission, studentSubmission, teacherDemand } from "../../tests/fixtures/entities";
import type { StoredWizard } from "./wizard-storage";
import { wizardMachine, type WizardInput } from "./wizard";

export { kindIds } from "../api/kind-ids";

/** What the wizard machine's tests share: the kinds' sample values, a started wizard, and steps filled in. */

/** The teacher fixture demand as the wizard sends it: without what the server adds when it is read back. */
const {
  id: _id,
  code: _code,
  insert_at: _at,
  validated: _v,
  validator: _by,
  rejection: _r,
  corrected: _c,
  notes: _n,
  ...teacherSubmission
} = teacherDemand;
export { teacherSubmission };
export const samples: Record<KindId, FormValues> = {
  student: { ...studentSubmission, niveau: 3 },
  staff: staffSubmission,
  teacher: teacherSubmission,
};
export const answer: SubmitOutput = { id: "d-1", code: "DM0001", name: "Sample" };

export const build = (
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

export type Actor = ReturnType<typeof build>["actor"];

/** A wizard given a stored draft, whose user chose to resume it. */
export const resumed = (input: Partial<WizardInput> & { kind: KindId }) => {
  const built = build(input);
  built.actor.send({ type: "RESUME" });
  return built;
};

/** Types the sample values of one step (the photo through SET_PHOTO). */
export const fillStep = (actor: Actor, kind: KindId, index: number) => {
  for (const field of kinds[kind].form.steps[index]?.fields ?? []) {
    if (field.input.type === "photo") actor.send({ type: "SET_PHOTO", dataUrl: photoBase64 });
    else actor.send({ type: "CHANGE", field: field.name, value: samples[kind][field.name] ?? null });
  }
};

export const fillAll = (actor: Actor, kind: KindId) => {
  kinds[kind].form.steps.forEach((_, index) => {
    fillStep(actor, kind, index);
    actor.send({ type: "NEXT" });
  });
};

export const acceptAll = (actor: Actor) => {
  for (const which of ["read", "accept", "termsOfUse"]) actor.send({ type: "ACCEPT", which, value: true });
};

export const at = (actor: Actor) => {
  const snapshot = actor.getSnapshot();
  return { state: snapshot.value, step: snapshot.context.step };
};
