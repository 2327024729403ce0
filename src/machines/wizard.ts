import { assertEvent, assign, enqueueActions, fromPromise, setup } from "xstate";
import { fieldProblems, isApiError } from "../api/errors";
import type { KindId } from "../api/kind-ids";
import type { ReferenceData } from "../api/schemas";
import { pruneDependents } from "../forms/cascade";
import { hasErrors, validateAcceptances } from "../forms/fields";
import type { FormValue } from "../forms/rules";
import { submitRegistration, type SubmitInput, type SubmitOutput } from "../forms/submission";
import type { StorageLost } from "./storage-lost";
import type { WizardContext, WizardInput } from "./wizard-context";
import { clearWizard, snapshotForStorage, writeWizard, type StoredWizard } from "./wizard-storage";
import {
  errorsOfStep,
  firstInvalidStep,
  freshState,
  gotoTarget,
  initialContext,
  refusedStep,
  resumeDraft,
  withoutKeys,
} from "./wizard-steps";

export type { WizardContext, WizardInput } from "./wizard-context";

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
 * localStorage under `wizardStorageKey(kind)`) and the `clear` action (on approval and RESET). Tests replace
 * them with `.provide()`. What the chart reads and computes of its context is in wizard-steps.ts.
 */

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
    emitted: {} as StorageLost,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    submit: fromPromise<SubmitOutput, SubmitInput>(({ input }) => submitRegistration(input)),
  },
  actions: {
    /** A browser that refuses to store the draft leaves the wizard working in memory, and says so (`storageLost`). */
    persist: enqueueActions(({ enqueue }, snapshot: StoredWizard) => {
      if (!writeWizard(snapshot)) enqueue.emit({ type: "storageLost", what: "draft" });
    }),
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
    answerUnread: (_, { error }: SubmitFailure) => isApiError(error) && error.kind === "decode",
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
                ...(newRegister ? { attemptLost: false, probablyReceived: false, answerUnread: false } : {}),
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
            actions: assign({
              errors: {},
              alreadyExists: false,
              probablyReceived: false,
              answerUnread: false,
              error: null,
            }),
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
            // A 2xx the app cannot read: the demand is saved, so sending again would only meet "already exists".
            guard: { type: "answerUnread", params: submitFailure },
            target: "reviewing",
            actions: assign({ answerUnread: true, alreadyExists: false, error: ({ event }) => event.error }),
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
