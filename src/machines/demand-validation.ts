import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { getDemand, isApiError, validateDemand, validateDemandSimple, type DemandForm, type Validated } from "../api";
import { messageKeyOf } from "../api/messages";
import type { ReferenceData } from "../api/schemas";
import type { AnyKind } from "../kinds";
import { checkFields } from "./demand-validation-checks";
import type {
  AnyDemand,
  DemandValidationContext,
  DemandValidationInput,
  FieldValue,
  KeptEdits,
} from "./demand-validation-context";
import { missingPhoto, photoDataUrl } from "./demand-validation-photo";
import { validationForm } from "./demand-validation-sent";
import { editableFields, isDirty, restoredEdits, sameValue } from "./demand-validation-values";
import { nextPendingFrom, pendingPageOfApi, type NextPending, type NextPendingQuery } from "./demand-validation-next";
import { forgetKeptEdits, writeKeptEdits, type EditsOwner } from "./kept-edits";
import { failedWith, newCardOf, succeeded, validatorName, type CardLookup } from "./demand-validation-outcome";
import type { StorageLost } from "./storage-lost";

export type { AnyDemand } from "./demand-validation-context";
export { nextPendingFrom, type NextPending, type PendingPage } from "./demand-validation-next";

/**
 * The demand validation screen (docs/spec.md §2, §4): an agent reviews a demand, may correct fields, and validates it.
 *
 *   loading → ready → validating → validated | failed
 *   loading → loadFailed.notFound ("Demand not found") | loadFailed.error (other load errors), RETRY → loading
 *
 * Nothing changed → simple validation (no body). Something changed → full validation: every field of the
 * demand (edited values winning) as multipart, plus the photo when there is one (the new one or the stored
 * base64 one as a file; students must have one, docs/spec.md §4). Fields are checked and normalised by the kind's
 * registration rules, as the wizard does.
 *
 * This file is the chart; what it holds and the pure helpers it runs live beside it: the context
 * (demand-validation-context.ts), the field values (-values), the photo (-photo), the rules' errors and warnings
 * (-checks) and the form full validation sends (-sent).
 */

export type DemandValidationEvent =
  | { readonly type: "EDIT"; readonly field: string; readonly value: FieldValue }
  /** A new photo as a data URL (students); null drops it and falls back to the stored one. */
  | { readonly type: "SET_PHOTO"; readonly photo: string | null }
  | { readonly type: "RESET" }
  /** `thenNext`: once validated, look up the list's next pending demand (emitted as `nextPending`). */
  | { readonly type: "VALIDATE"; readonly thenNext?: boolean }
  /** Validate a student demand without a photo as it is (asked first: its card would carry no photo). */
  | { readonly type: "CONFIRM_NO_PHOTO" }
  | { readonly type: "CANCEL" }
  /** From the read-only review to the form. */
  | { readonly type: "OPEN_FORM" }
  /** Leave the form for the read-only review, dropping the unsent edits (the screen asks first when there are any). */
  | { readonly type: "CLOSE_FORM" }
  | { readonly type: "RETRY" }
  | { readonly type: "REFERENCE_DATA"; readonly data: ReferenceData };

export type DemandValidationEmitted =
  | { readonly type: "validated"; readonly result: Validated | null }
  | { readonly type: "validationFailed"; readonly messageKey: string }
  /** Another agent validated the demand meanwhile (`by`: their name, when the demand read back tells): shown as it now is. */
  | { readonly type: "validatedElsewhere"; readonly by: string | null }
  /**
   * After "validate and next": the next pending demand of the list (null: none left, or it could not be read), and
   * how many of the list's demands are still pending (the next one included; null when unknown).
   */
  | { readonly type: "nextPending"; readonly id: string | null; readonly left: number | null }
  | StorageLost;

const ownerOf = (context: DemandValidationContext): EditsOwner => ({
  user: context.user,
  kind: context.kind.id,
  id: context.id,
});

const machineSetup = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as DemandValidationContext,
    events: {} as DemandValidationEvent,
    input: {} as DemandValidationInput,
    emitted: {} as DemandValidationEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    loadDemand: fromPromise<AnyDemand, { readonly kind: AnyKind; readonly id: string }>(({ input }) =>
      getDemand(input.kind, input.id),
    ),
    validateFull: fromPromise<
      Validated | null,
      { readonly kind: AnyKind; readonly id: string; readonly form: DemandForm }
    >(({ input }) => validateDemand(input.kind, input.id, input.form)),
    validateSimple: fromPromise<Validated | null, { readonly kind: AnyKind; readonly id: string }>(({ input }) =>
      validateDemandSimple(input.kind, input.id),
    ),
    /** The card the validation made, to link to it: the one the answer named, else found by register (newCardOf). */
    findCard: fromPromise<string | null, CardLookup>(({ input }) => newCardOf(input)),
    /** The next demand of the agent's queue in the list's search, and how many are left (nextPendingFrom). */
    findNextPending: fromPromise<NextPending, NextPendingQuery>(({ input }) =>
      nextPendingFrom(pendingPageOfApi)(input),
    ),
  },
  guards: {
    fieldsInvalid: ({ context }) => Object.keys(checkFields(context)).length > 0,
    unchanged: ({ context }) => !isDirty(context),
    /** Nothing edited, and the card would carry no photo where the kind's card has one. */
    unchangedWithoutPhoto: ({ context }) => !isDirty(context) && missingPhoto(context),
    /** Server-only fields (id, code, …) and unknown names are not editable. */
    editableField: ({ context, event }) => {
      assertEvent(event, "EDIT");
      return event.field in context.original;
    },
    nowValidated: (_, { demand }: { readonly demand: AnyDemand }) => demand.validated === true,
    notFound: (_, { error }: { readonly error: unknown }) => isApiError(error) && error.kind === "notFound",
  },
  actions: {
    /** Unsent edits changed: kept (sessionStorage) so a session ending mid-edit loses nothing. */
    keepEdits: enqueueActions(({ context, enqueue }, kept: KeptEdits) => {
      if (!writeKeptEdits(ownerOf(context), kept)) enqueue.emit({ type: "storageLost", what: "edits" });
    }),
    /** The edits were sent or dropped: nothing to keep any more. */
    forgetEdits: ({ context }) => forgetKeptEdits(ownerOf(context)),
    noteThenNext: assign({
      thenNext: ({ event }) => {
        assertEvent(event, "VALIDATE");
        return event.thenNext === true;
      },
    }),
    refreshErrors: assign({
      fieldErrors: ({ context }) => (context.showErrors ? checkFields(context) : {}),
    }),
  },
});

const keptOf = ({ context }: { context: DemandValidationContext }): KeptEdits => ({
  edits: context.edits,
  photo: context.photo,
});

/** Ready and failed take the same edits and VALIDATE (failed keeps the edits: the agent corrects and retries). */
const editable = machineSetup.createStateConfig({
  on: {
    OPEN_FORM: { actions: assign({ view: "form" as const }) },
    CLOSE_FORM: {
      actions: [
        assign({
          view: "review" as const,
          edits: {},
          photo: null,
          fieldErrors: {},
          showErrors: false,
          serverFieldErrors: {},
        }),
        "forgetEdits",
      ],
    },
    EDIT: {
      guard: "editableField",
      actions: [
        assign({ view: "form" as const }),
        assign(({ context, event }) => {
          const edits: Record<string, FieldValue> = { ...context.edits };
          if (sameValue(event.value, context.original[event.field])) delete edits[event.field];
          else edits[event.field] = event.value;
          const { [event.field]: _dropped, ...serverFieldErrors } = context.serverFieldErrors;
          return { edits, serverFieldErrors };
        }),
        "refreshErrors",
        { type: "keepEdits", params: keptOf },
      ],
    },
    SET_PHOTO: {
      actions: [
        assign({ photo: ({ event }) => event.photo || null, view: "form" as const }),
        "refreshErrors",
        { type: "keepEdits", params: keptOf },
      ],
    },
    RESET: {
      actions: [
        assign({ edits: {}, photo: null, fieldErrors: {}, showErrors: false, serverFieldErrors: {} }),
        "forgetEdits",
      ],
    },
    VALIDATE: [
      // No photo on a student's card: the agent confirms (or adds one), as the spec warns but does not forbid.
      { guard: "unchangedWithoutPhoto", target: "#demandValidation.confirmingNoPhoto", actions: "noteThenNext" },
      // Nothing edited: the stored demand is validated as it is, whatever today's rules say of it.
      { guard: "unchanged", target: "validating.simple", actions: ["noteThenNext", assign({ fieldErrors: {} })] },
      {
        guard: "fieldsInvalid",
        actions: assign({ showErrors: true, fieldErrors: ({ context }) => checkFields(context) }),
      },
      { target: "validating.full", actions: ["noteThenNext", assign({ fieldErrors: {} })] },
    ],
  },
});

export const demandValidationMachine = machineSetup.createMachine({
  id: "demandValidation",
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    listSearch: input.listSearch ?? "",
    skipRejected: input.skipRejected ?? false,
    thenNext: false,
    view: "review",
    user: input.user,
    referenceData: input.referenceData ?? null,
    kept: input.kept ?? null,
    demand: null,
    original: {},
    edits: {},
    photo: null,
    storedPhoto: null,
    fieldErrors: {},
    showErrors: false,
    serverFieldErrors: {},
    error: null,
    errorKey: null,
    result: null,
    cardId: null,
  }),
  on: {
    REFERENCE_DATA: { actions: assign({ referenceData: ({ event }) => event.data }) },
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadDemand",
        input: ({ context }) => ({ kind: context.kind, id: context.id }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => {
            const demand = event.output;
            const original = editableFields(demand);
            const restored = restoredEdits(context.kept, demand, original);
            return {
              demand,
              original,
              ...restored,
              view:
                Object.keys(restored.edits).length > 0 || restored.photo !== null
                  ? ("form" as const)
                  : ("review" as const),
              kept: null,
              storedPhoto: "photo_str" in demand ? photoDataUrl(demand.photo_str) : null,
              error: null,
              errorKey: null,
            };
          }),
        },
        onError: [
          {
            guard: { type: "notFound", params: ({ event }) => ({ error: event.error }) },
            target: "loadFailed.notFound",
            actions: assign({ error: ({ event }) => event.error, errorKey: "errors:demandNotFound" }),
          },
          {
            target: "loadFailed.error",
            actions: assign({ error: ({ event }) => event.error, errorKey: ({ event }) => messageKeyOf(event.error) }),
          },
        ],
      },
    },
    loadFailed: {
      initial: "error",
      states: { notFound: {}, error: {} },
      on: { RETRY: { target: "loading" } },
    },
    ready: editable,
    confirmingNoPhoto: {
      on: {
        CONFIRM_NO_PHOTO: { target: "validating.simple", actions: assign({ fieldErrors: {} }) },
        CANCEL: { target: "ready" },
        // A photo added instead: back to the form, where validating sends it (full validation).
        SET_PHOTO: {
          target: "ready",
          actions: [
            assign({ photo: ({ event }) => event.photo || null, view: "form" as const }),
            "refreshErrors",
            { type: "keepEdits", params: keptOf },
          ],
        },
      },
    },
    validating: {
      // No VALIDATE here: a double click sends one request.
      initial: "simple",
      states: {
        simple: {
          invoke: {
            src: "validateSimple",
            input: ({ context }) => ({ kind: context.kind, id: context.id }),
            onDone: { target: "refreshing", actions: assign(({ event }) => succeeded(event.output)) },
            onError: { target: "checkingRefusal", actions: assign(({ event }) => failedWith(event.error)) },
          },
        },
        full: {
          invoke: {
            src: "validateFull",
            input: ({ context }) => ({ kind: context.kind, id: context.id, form: validationForm(context) }),
            onDone: { target: "refreshing", actions: assign(({ event }) => succeeded(event.output)) },
            onError: { target: "checkingRefusal", actions: assign(({ event }) => failedWith(event.error)) },
          },
        },
        // A refusal may mean another agent validated the demand meanwhile: read it again before saying anything.
        checkingRefusal: {
          invoke: {
            src: "loadDemand",
            input: ({ context }) => ({ kind: context.kind, id: context.id }),
            onDone: [
              {
                guard: { type: "nowValidated", params: ({ event }) => ({ demand: event.output }) },
                target: "#demandValidation.alreadyValidated",
                actions: assign({ demand: ({ event }) => event.output }),
              },
              { target: "#demandValidation.failed" },
            ],
            onError: { target: "#demandValidation.failed" },
          },
        },
        // The demand as the server now holds it (the answer may say nothing); validated either way.
        refreshing: {
          invoke: {
            src: "loadDemand",
            input: ({ context }) => ({ kind: context.kind, id: context.id }),
            onDone: { target: "#demandValidation.validated", actions: assign({ demand: ({ event }) => event.output }) },
            onError: { target: "#demandValidation.validated" },
          },
        },
      },
    },
    alreadyValidated: {
      entry: [
        "forgetEdits",
        emit(({ context }) => ({ type: "validatedElsewhere" as const, by: validatorName(context.demand) })),
      ],
    },
    validated: {
      entry: ["forgetEdits", emit(({ context }) => ({ type: "validated" as const, result: context.result }))],
      initial: "settled",
      states: {
        // "And next" opens the next demand instead of offering the new card: no card to look for then.
        settled: {
          always: [{ guard: ({ context }) => context.thenNext, target: "findingNext" }, { target: "findingCard" }],
        },
        findingCard: {
          invoke: {
            src: "findCard",
            input: ({ context }) => ({
              kind: context.kind,
              cardId: context.cardId,
              register: context.demand?.register ?? null,
            }),
            onDone: { target: "done", actions: assign({ cardId: ({ event }) => event.output }) },
            onError: { target: "done" },
          },
        },
        findingNext: {
          invoke: {
            src: "findNextPending",
            input: ({ context }) => ({
              kind: context.kind,
              search: context.listSearch,
              id: context.id,
              skipRejected: context.skipRejected,
            }),
            onDone: {
              target: "done",
              actions: emit(({ event }) => ({ type: "nextPending" as const, ...event.output })),
            },
            // The validation went through; only the way on is unknown: back to the list.
            onError: { target: "done", actions: emit({ type: "nextPending" as const, id: null, left: null }) },
          },
        },
        done: {},
      },
    },
    failed: {
      entry: emit(({ context }) => ({
        type: "validationFailed" as const,
        messageKey: context.errorKey ?? "errors:validateFailed",
      })),
      ...editable,
    },
  },
});
