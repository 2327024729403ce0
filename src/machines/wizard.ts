import { assertEvent, assign, fromPromise, setup } from "xstate";
import { fieldProblems, isApiError } from "../api/errors";
import type { KindId } from "../api/kind-ids";
import type { ReferenceData } from "../api/schemas";
import { kinds } from "../kinds";
import { pruneDependents } from "../forms/cascade";
import { hasErrors, initialValues, validateAcceptances, validateFields, type ValidationEnv } from "../forms/fields";
import { isImageDataUrl, type FieldErrors, type FormValue, type FormValues } from "../forms/rules";
import { submitRegistration, type SubmitInput, type SubmitOutput } from "../forms/submission";
import { noticeStorageFailure } from "../browser/storage-notice";
import type { WizardContext } from "./wizard-context";
import { clearWizard, snapshotForStorage, writeWizard, type StoredWizard } from "./wizard-storage";

export type { WizardContext } from "./wizard-context";

/**
 * The registration wizard (docs/spec.md §2, §4), one statechart for every kind:
 *
 *   a draft found on this device (`input.restored`) ──▶ offering ──RESUME──▶ where the draft was left
 *                                                               ──START_NEW──▶ editing, the draft discarded
 *   (on a shared phone or counter computer the draft may be someone else's: it is never shown before the choice)
 *   editing (context.step = 0 … steps.length-1) ──NEXT on the last step──▶ reviewing ──SUBMIT──▶ submitting
 *   (once the review was reached, NEXT on any step goes back to it, or stops on the first step now invalid)
 *   submitting ──done──▶ approved · ──ApiError "exist"──▶ reviewing (alreadyExists) · ──other──▶ failed
 *   failed ──RETRY──▶ submitting · ──BACK──▶ reviewing;  RESET anywhere but submitting starts a new request.
 *
 * While reviewing (and after) `context.step === steps.length`. The submit call is the invoked actor `submit`
 * (the kind's submit path); storage is the `persist` action (`snapshotForStorage(context)` after every change, in
 * sessionStorage under `wizardStorageKey(kind)`) and the `clear` action (on approval and RESET). Tests replace
 * them with `.provide()`.
 */

interface CommonInput {
  /** A snapshot read back from storage (`restoreWizard`); ignored when it belongs to another kind. */
  readonly restored?: StoredWizard | null;
  /** Reference data when already loaded; later with the REFERENCE_DATA event. */
  readonly referenceData?: ReferenceData | null;
}

export type WizardInput = CommonInput & { readonly kind: KindId };

export type WizardEvent =
  | { type: "CHANGE"; field: string; value: FormValue }
  | { type: "NEXT" }
  | { type: "PREVIOUS" }
  | { type: "GOTO"; step: number }
  | { type: "SET_PHOTO"; dataUrl: string | null }
  | { type: "ACCEPT"; which: string; value: boolean }
  | { type: "SUBMIT" }
  | { type: "RETRY" }
  | { type: "BACK" }
  | { type: "RESET" }
  | { type: "RESUME" }
  | { type: "START_NEW" }
  | { type: "REFERENCE_DATA"; data: ReferenceData | null };

// ── Context helpers ────────────────────────────────────────────────────────────────────────────────────────

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

const configOf = (input: WizardInput) => {
  const form = kinds[input.kind].form;
  return {
    kind: input.kind,
    steps: form.steps,
    acceptanceIds: form.review.acceptances.map((a) => a.id),
    initialValues: initialValues(form),
  };
};

const freshState = (context: Pick<WizardContext, "initialValues" | "acceptanceIds">) => ({
  values: context.initialValues,
  step: 0,
  reached: 0,
  errors: {},
  acceptances: Object.fromEntries(context.acceptanceIds.map((id) => [id, false])),
  photo: null,
  result: null,
  error: null,
  alreadyExists: false,
  serverErrors: {},
  attemptLost: false,
  probablyReceived: false,
  draft: null,
  startedAt: null,
});

/** Whether a stored draft holds anything the user gave: only such a draft is worth offering. */
const meaningful = (draft: StoredWizard, initial: FormValues): boolean =>
  draft.reached > 0 ||
  draft.photo !== null ||
  Object.entries(draft.values).some(([name, value]) => name in initial && value !== initial[name] && value !== "");

const initialContext = (input: WizardInput): WizardContext => {
  const config = configOf(input);
  const base: WizardContext = {
    ...config,
    referenceData: input.referenceData ?? null,
    ...freshState(config),
  };
  const restored = input.restored;
  if (!restored || restored.kind !== config.kind || !meaningful(restored, config.initialValues)) return base;
  return { ...base, draft: restored };
};

/** The context with the offered draft taken back: its values, position, acceptances and photo. */
const resumeDraft = (context: WizardContext): Partial<WizardContext> => {
  const draft = context.draft;
  if (!draft) return {};
  const last = context.steps.length;
  const reached = clamp(draft.reached, 0, last);
  const values = { ...context.initialValues, ...draft.values };
  return {
    values: context.referenceData ? pruneDependents(values, context.referenceData) : values,
    reached,
    step: clamp(draft.step, 0, reached),
    acceptances: { ...context.acceptances, ...pick(draft.acceptances, context.acceptanceIds) },
    photo: isImageDataUrl(draft.photo) ? draft.photo : null,
    startedAt: draft.startedAt ?? null,
    draft: null,
  };
};

const pick = (record: Readonly<Record<string, boolean>>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key] === true]));

// The birth-date rule counts from today.
const envOf = (context: WizardContext): ValidationEnv => ({ today: new Date(), referenceData: context.referenceData });

/** Values as the rules see them: the photo travels beside the values. */
export const valuesWithPhoto = (context: Pick<WizardContext, "values" | "photo">): FormValues => ({
  ...context.values,
  photo: context.photo,
});

/** Errors of step `index` (its fields' rules, the photo's included). */
const errorsOfStep = (context: WizardContext, index: number): FieldErrors =>
  validateFields(kinds[context.kind].form.steps[index]?.fields ?? [], valuesWithPhoto(context), envOf(context));

/** The first step (up to `before`, excluded) whose fields are invalid, with its errors. */
const firstInvalidStep = (
  context: WizardContext,
  before = context.steps.length,
): { step: number; errors: FieldErrors } | null => {
  for (let index = 0; index < before; index++) {
    const errors = errorsOfStep(context, index);
    if (hasErrors(errors)) return { step: index, errors };
  }
  return null;
};

/**
 * Where a GOTO lands: earlier steps freely; later ones only up to the furthest step reached, and never past a step
 * that is now invalid (it lands there, with its errors). Null when the target is out of reach.
 */
export const gotoTarget = (context: WizardContext, target: number): { step: number; errors: FieldErrors } | null => {
  if (!Number.isInteger(target) || target < 0 || target > context.reached || target === context.step) return null;
  if (target < context.step) return { step: target, errors: {} };
  for (let index = context.step; index < target; index++) {
    const errors = errorsOfStep(context, index);
    if (hasErrors(errors)) return { step: index, errors };
  }
  return { step: target, errors: {} };
};

/** The first step holding a field the server refused, or null when none of them is a field of the form. */
const refusedStep = (
  context: Pick<WizardContext, "steps">,
  problems: Readonly<Record<string, string>>,
): number | null => {
  const index = context.steps.findIndex((step) => step.fields?.some((field) => field.name in problems));
  return index < 0 ? null : index;
};

const withoutKeys = <T>(errors: Readonly<Record<string, T>>, keys: Iterable<string>): Record<string, T> => {
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
};

// ── Machine ────────────────────────────────────────────────────────────────────────────────────────────────

const persistParams = ({ context }: { context: WizardContext }) => snapshotForStorage(context);

/** A request starts with its first change. */
const startedAt = (context: WizardContext): number => context.startedAt ?? Date.now();

/** What the guards of a failed submission read. */
interface SubmitFailure {
  readonly error: unknown;
}
const submitFailure = ({ event }: { event: { readonly error: unknown } }): SubmitFailure => ({ error: event.error });

export const wizardMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    submit: fromPromise<SubmitOutput, SubmitInput>(({ input }) => submitRegistration(input)),
  },
  actions: {
    /** A browser that refuses to store the draft leaves the wizard working in memory, and the user told so. */
    persist: (_, snapshot: StoredWizard) => {
      if (!writeWizard(snapshot)) noticeStorageFailure("draft");
    },
    clear: (_, { kind }: { kind: KindId }) => clearWizard(kind),
    /** Start a new request: values back to their defaults, first step, nothing accepted, no photo. */
    reset: assign(({ context }) => freshState(context)),
  },
  guards: {
    draftFound: ({ context }) => context.draft !== null,
    atReview: ({ context }) => context.step >= context.steps.length,
    stepInvalid: ({ context }) => hasErrors(errorsOfStep(context, context.step)),
    isLastStep: ({ context }) => context.step >= context.steps.length - 1,
    hasPrevious: ({ context }) => context.step > 0,
    reviewReached: ({ context }) => context.reached >= context.steps.length,
    nextToReview: ({ context }) =>
      context.reached >= context.steps.length &&
      gotoTarget(context, context.steps.length)?.step === context.steps.length,
    gotoReview: ({ context, event }) => {
      assertEvent(event, "GOTO");
      return gotoTarget(context, event.step)?.step === context.steps.length;
    },
    gotoAllowed: ({ context, event }) => {
      assertEvent(event, "GOTO");
      return gotoTarget(context, event.step) !== null;
    },
    gotoEditing: ({ context, event }) => {
      assertEvent(event, "GOTO");
      return event.step >= 0 && event.step < context.steps.length && Number.isInteger(event.step);
    },
    someStepInvalid: ({ context }) => firstInvalidStep(context) !== null,
    acceptancesMissing: ({ context }) =>
      hasErrors(
        validateAcceptances(
          context.acceptanceIds.map((id) => ({ id })),
          context.acceptances,
        ),
      ),
    knownAcceptance: ({ context, event }) => {
      assertEvent(event, "ACCEPT");
      return context.acceptanceIds.includes(event.which);
    },
    isExist: (_, { error }: SubmitFailure) => isApiError(error) && error.kind === "exist",
    existAfterLostAttempt: ({ context }, { error }: SubmitFailure) =>
      context.attemptLost && isApiError(error) && error.kind === "exist",
    answerLost: (_, { error }: SubmitFailure) => isApiError(error) && error.kind === "network",
    fieldsRefused: ({ context }, { error }: SubmitFailure) => refusedStep(context, fieldProblems(error)) !== null,
  },
}).createMachine({
  id: "wizard",
  context: ({ input }) => initialContext(input),
  initial: "starting",
  on: {
    REFERENCE_DATA: {
      actions: assign(({ context, event }) => ({
        referenceData: event.data,
        values: event.data ? pruneDependents(context.values, event.data) : context.values,
      })),
    },
  },
  states: {
    starting: {
      always: [{ guard: "draftFound", target: "offering" }, { target: "editing" }],
    },
    offering: {
      on: {
        RESUME: { target: "resuming", actions: assign(({ context }) => resumeDraft(context)) },
        START_NEW: {
          target: "editing",
          actions: [assign({ draft: null }), { type: "clear", params: ({ context }) => ({ kind: context.kind }) }],
        },
      },
    },
    resuming: {
      always: [{ guard: "atReview", target: "reviewing" }, { target: "editing" }],
    },
    editing: {
      on: {
        CHANGE: {
          actions: [
            assign(({ context, event }) => {
              const changed = { ...context.values, [event.field]: event.value };
              const values = context.referenceData ? pruneDependents(changed, context.referenceData) : changed;
              const touched = Object.keys(values).filter((key) => values[key] !== context.values[key]);
              // Another register is another demand: an earlier lost attempt no longer speaks for it.
              const newRegister = event.field === "register" && values.register !== context.values.register;
              return {
                values,
                startedAt: startedAt(context),
                errors: withoutKeys(context.errors, [event.field, ...touched]),
                serverErrors: withoutKeys(context.serverErrors, [event.field, ...touched]),
                alreadyExists: false,
                ...(newRegister ? { attemptLost: false, probablyReceived: false } : {}),
              };
            }),
            { type: "persist", params: persistParams },
          ],
        },
        SET_PHOTO: {
          actions: [
            assign(({ context, event }) => ({
              photo: event.dataUrl,
              startedAt: startedAt(context),
              errors: withoutKeys(context.errors, ["photo"]),
            })),
            { type: "persist", params: persistParams },
          ],
        },
        NEXT: [
          { guard: "stepInvalid", actions: assign(({ context }) => ({ errors: errorsOfStep(context, context.step) })) },
          // Once the review was reached (a step changed from it), Next goes back to it, checking the steps between.
          {
            guard: "nextToReview",
            target: "reviewing",
            actions: [
              assign(({ context }) => ({ step: context.steps.length, errors: {} })),
              { type: "persist", params: persistParams },
            ],
          },
          {
            guard: "reviewReached",
            actions: [
              assign(({ context }) => gotoTarget(context, context.steps.length) ?? {}),
              { type: "persist", params: persistParams },
            ],
          },
          {
            guard: "isLastStep",
            target: "reviewing",
            actions: [
              assign(({ context }) => ({ step: context.steps.length, reached: context.steps.length, errors: {} })),
              { type: "persist", params: persistParams },
            ],
          },
          {
            actions: [
              assign(({ context }) => ({
                step: context.step + 1,
                reached: Math.max(context.reached, context.step + 1),
                errors: {},
              })),
              { type: "persist", params: persistParams },
            ],
          },
        ],
        PREVIOUS: {
          guard: "hasPrevious",
          actions: [
            assign(({ context }) => ({ step: context.step - 1, errors: {} })),
            { type: "persist", params: persistParams },
          ],
        },
        GOTO: [
          {
            guard: "gotoReview",
            target: "reviewing",
            actions: [
              assign(({ context }) => ({ step: context.steps.length, errors: {} })),
              { type: "persist", params: persistParams },
            ],
          },
          {
            guard: "gotoAllowed",
            actions: [
              assign(({ context, event }) => gotoTarget(context, event.step) ?? {}),
              { type: "persist", params: persistParams },
            ],
          },
        ],
        RESET: {
          target: "editing",
          actions: ["reset", { type: "clear", params: ({ context }) => ({ kind: context.kind }) }],
        },
      },
    },
    reviewing: {
      on: {
        PREVIOUS: {
          target: "editing",
          actions: [
            assign(({ context }) => ({ step: context.steps.length - 1, errors: {}, alreadyExists: false })),
            { type: "persist", params: persistParams },
          ],
        },
        GOTO: {
          guard: "gotoEditing",
          target: "editing",
          actions: [
            assign(({ event }) => ({ step: event.step, errors: {}, alreadyExists: false })),
            { type: "persist", params: persistParams },
          ],
        },
        SET_PHOTO: {
          actions: [assign(({ event }) => ({ photo: event.dataUrl })), { type: "persist", params: persistParams }],
        },
        ACCEPT: {
          guard: "knownAcceptance",
          actions: [
            assign(({ context, event }) => ({
              acceptances: { ...context.acceptances, [event.which]: event.value },
              errors: withoutKeys(context.errors, [event.which]),
            })),
            { type: "persist", params: persistParams },
          ],
        },
        SUBMIT: [
          {
            // Data changed since the steps were validated (a restored snapshot, a pruned cascade): back to the step.
            guard: "someStepInvalid",
            target: "editing",
            actions: [
              assign(({ context }) => {
                const invalid = firstInvalidStep(context);
                return invalid ? { step: invalid.step, errors: invalid.errors } : {};
              }),
              { type: "persist", params: persistParams },
            ],
          },
          {
            guard: "acceptancesMissing",
            actions: assign(({ context }) => ({
              errors: validateAcceptances(
                context.acceptanceIds.map((id) => ({ id })),
                context.acceptances,
              ),
            })),
          },
          {
            target: "submitting",
            actions: assign({ errors: {}, alreadyExists: false, probablyReceived: false, error: null }),
          },
        ],
        RESET: {
          target: "editing",
          actions: ["reset", { type: "clear", params: ({ context }) => ({ kind: context.kind }) }],
        },
      },
    },
    submitting: {
      // No SUBMIT here: a double click sends one request.
      invoke: {
        src: "submit",
        input: ({ context }) => ({ kind: context.kind, values: context.values, photo: context.photo }),
        onDone: {
          target: "approved",
          actions: assign({ result: ({ event }) => event.output, error: null }),
        },
        onError: [
          {
            // The earlier attempt's answer was lost, not the demand: say it was most probably received.
            guard: { type: "existAfterLostAttempt", params: submitFailure },
            target: "reviewing",
            actions: assign({ probablyReceived: true, alreadyExists: false, error: ({ event }) => event.error }),
          },
          {
            guard: { type: "isExist", params: submitFailure },
            target: "reviewing",
            actions: assign({ alreadyExists: true, error: ({ event }) => event.error }),
          },
          {
            // The server named the fields it refused (a DRF 400): back to the first of them, with its words.
            guard: { type: "fieldsRefused", params: submitFailure },
            target: "editing",
            actions: [
              assign(({ context, event }) => {
                const serverErrors = fieldProblems(event.error);
                return { step: refusedStep(context, serverErrors) ?? 0, errors: {}, serverErrors, error: event.error };
              }),
              { type: "persist", params: persistParams },
            ],
          },
          {
            guard: { type: "answerLost", params: submitFailure },
            target: "failed",
            actions: assign({ error: ({ event }) => event.error, attemptLost: true }),
          },
          { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    failed: {
      on: {
        RETRY: { target: "submitting", actions: assign({ error: null }) },
        BACK: { target: "reviewing" },
        RESET: {
          target: "editing",
          actions: ["reset", { type: "clear", params: ({ context }) => ({ kind: context.kind }) }],
        },
      },
    },
    approved: {
      entry: { type: "clear", params: ({ context }) => ({ kind: context.kind }) },
      on: {
        RESET: {
          target: "editing",
          actions: ["reset", { type: "clear", params: ({ context }) => ({ kind: context.kind }) }],
        },
      },
    },
  },
});
