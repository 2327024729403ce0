import type { Schema } from "effect";
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { fieldProblems, getDemand, isApiError, listDemands, validateDemand, validateDemandSimple, type DemandForm, type Validated } from "../api";
import { messageKeyOf } from "../api/messages";
import { storedDemandKeys } from "../api/schemas/demand";
import type { ReferenceData } from "../api/schemas";
import { noticeStorageFailure } from "../browser/storage-notice";
import { formFields, validateFields } from "../forms/fields";
import { imageFile } from "../forms/image-file";
import { normalizeValues } from "../forms/submission";
import type { AnyKind } from "../kinds";
import { forgetKeptEdits, writeKeptEdits, type EditsOwner } from "./kept-edits";

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
 */

export type AnyDemand = Schema.Schema.Type<AnyKind["schemas"]["demand"]>;
/** A value of an editable field as the screen holds it (numbers for reference ids and enums, strings otherwise). */
export type FieldValue = string | number | null;
/** Field name → i18n key of its first problem (e.g. "validation:registerMin"). */
export type FieldErrors = Readonly<Record<string, string>>;
/**
 * What the rules see: the demand's editable fields with edits applied, and `photo` as a data URL (the new one,
 * else the stored photo_str, else null): the same shape as the registration wizard's values, so the registration
 * rules apply as they are.
 */
export type ValidationValues = Readonly<Record<string, FieldValue>>;

/** Fields the server adds to a stored demand: shown, never edited, never resubmitted. */
export const readOnlyDemandFields: readonly string[] = storedDemandKeys;

/** Kinds whose full validation needs a photo (docs/spec.md §4: students); the others send one when they have it. */
export const needsPhoto = (kind: AnyKind): boolean => kind.photoToValidate === "required";

/**
 * The stored photo as a data URL: servers may send photo_str as bare base64, while the screen (an <img>) and
 * the registration rules expect a data URL. Anything undecodable is returned as is (the rules then flag it).
 */
export const photoDataUrl = (value: string | null | undefined): string | null => {
  if (!value) return null;
  if (value.trim().startsWith("data:")) return value;
  const file = imageFile(value);
  return file ? `data:${file.type};base64,${value.replace(/\s+/g, "")}` : value;
};


/** The editable fields of a stored demand. */
export const editableFields = (demand: AnyDemand): Record<string, FieldValue> =>
  Object.fromEntries(
    Object.entries(demand)
      .filter(([key]) => !readOnlyDemandFields.includes(key))
      .map(([key, value]) => [key, typeof value === "string" || typeof value === "number" ? value : null]),
  );

/** Two field values are the same when the screen would show the same text ("1" from an input equals 1). */
const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined): boolean => String(a ?? "") === String(b ?? "");

export interface DemandValidationInput {
  readonly kind: AnyKind;
  readonly id: string;
  /** The signed-in agent: their unsent edits are kept for them only. */
  readonly user: string;
  /** The reference lists when already loaded (the cascades' rules); later with the REFERENCE_DATA event. */
  readonly referenceData?: ReferenceData | null;
  /** Unsent edits of this demand kept across a sign-in (`keepEdits`), put back once it is loaded, still pending. */
  readonly kept?: KeptEdits | null;
  /** The search of the list the agent came from: "validate and next" opens that list's next pending demand. */
  readonly listSearch?: string;
}

/** The agent's unsent work on a demand: edited fields and a new photo. */
export interface KeptEdits {
  readonly edits: Readonly<Record<string, FieldValue>>;
  readonly photo: string | null;
}

export interface DemandValidationContext {
  readonly kind: AnyKind;
  readonly id: string;
  readonly listSearch: string;
  /** The agent asked to open the next pending demand once this one is validated. */
  readonly thenNext: boolean;
  /** A pending demand opens as a read-only review; the form on request or once something is edited. */
  readonly view: "review" | "form";
  readonly user: string;
  readonly referenceData: ReferenceData | null;
  readonly kept: KeptEdits | null;
  readonly demand: AnyDemand | null;
  /** Editable fields as loaded. */
  readonly original: Readonly<Record<string, FieldValue>>;
  /** Fields whose value differs from `original` (editing a field back to its original value removes it). */
  readonly edits: Readonly<Record<string, FieldValue>>;
  /** A new photo chosen by the agent (students), as a data URL like the registration's photo dialog gives. */
  readonly photo: string | null;
  /** The demand's stored photo_str as a data URL (students). */
  readonly storedPhoto: string | null;
  readonly fieldErrors: FieldErrors;
  /** Once VALIDATE was refused, errors follow every edit; before that the form stays quiet. */
  readonly showErrors: boolean;
  /** Field problems the server gave with a 400 (texts as sent, not i18n keys). */
  readonly serverFieldErrors: Readonly<Record<string, string>>;
  readonly error: unknown;
  /** i18n key (namespace errors) of the load or validation failure. */
  readonly errorKey: string | null;
  /** What the validation answered, when it was shaped as `{ id, validated, card }` (any 2xx is a success). */
  readonly result: Validated | null;
  /** The created card's id (answer field `card`), for a link to the card screen. */
  readonly cardId: string | null;
}

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
  | { readonly type: "RETRY" }
  | { readonly type: "REFERENCE_DATA"; readonly data: ReferenceData };

export type DemandValidationEmitted =
  | { readonly type: "validated"; readonly result: Validated | null }
  | { readonly type: "validationFailed"; readonly messageKey: string }
  /** Another agent validated the demand meanwhile (`by`: their name, when the demand read back tells): shown as it now is. */
  | { readonly type: "validatedElsewhere"; readonly by: string | null }
  /** After "validate and next": the next pending demand of the list (null: none left, or it could not be read). */
  | { readonly type: "nextPending"; readonly id: string | null };

/** Values as they stand: the loaded fields with the edits applied. */
export const currentValues = (context: Pick<DemandValidationContext, "original" | "edits">): Record<string, FieldValue> => ({
  ...context.original,
  ...context.edits,
});

/** Names of the edited fields, "photo" included when a new one was chosen. */
export const dirtyFields = (context: Pick<DemandValidationContext, "edits" | "photo">): string[] => [
  ...Object.keys(context.edits),
  ...(context.photo ? ["photo"] : []),
];

export const isDirty = (context: Pick<DemandValidationContext, "edits" | "photo">): boolean => dirtyFields(context).length > 0;

/** The photo as shown and checked: the new one, else the stored one (a data URL or base64), else null. */
export const currentPhoto = (context: Pick<DemandValidationContext, "photo" | "storedPhoto">): string | null =>
  context.photo ?? context.storedPhoto ?? null;

/** The kind's card carries a photo and the demand has none (neither stored nor newly set). */
export const missingPhoto = (context: Pick<DemandValidationContext, "kind" | "photo" | "storedPhoto">): boolean =>
  needsPhoto(context.kind) && currentPhoto(context) === null;

/** The photo full validation sends, as a file; null when there is none or it cannot be decoded. */
export const photoFile = (context: DemandValidationContext): File | null =>
  imageFile(currentPhoto(context), `photo-${context.demand?.code ?? context.id}`);

/** The kind's registration rules on `values`. */
const kindRules = (context: DemandValidationContext, values: ValidationValues): FieldErrors =>
  validateFields(formFields(context.kind.form), values, { referenceData: context.referenceData });

/** The kind's field rules, plus the photo rule of full validation where the kind needs one (present and decodable). */
export const checkFields = (context: DemandValidationContext): FieldErrors => {
  const errors: Record<string, string> = { ...kindRules(context, { ...currentValues(context), photo: currentPhoto(context) }) };
  if (needsPhoto(context.kind) && isDirty(context) && !errors.photo) {
    if (!currentPhoto(context)) errors.photo = "validation:photoRequired";
    else if (!photoFile(context)) errors.photo = "validation:photoInvalid";
  }
  return errors;
};

/**
 * Problems of the demand as stored, under today's rules, while nothing is edited: shown as warnings, never a
 * reason to refuse. The backend accepted this data; simple validation sends nothing and must always go through.
 */
export const storedProblems = (context: DemandValidationContext): FieldErrors =>
  context.demand === null || isDirty(context) ? {} : kindRules(context, { ...context.original, photo: currentPhoto(context) });

/**
 * The multipart fields of full validation, normalised as the registration's (trimmed text, national phone
 * numbers); validateDemand adds the kind's defaults, e.g. niveau "".
 */
export const validationForm = (context: DemandValidationContext): DemandForm => {
  const photo = photoFile(context);
  return { ...normalizeValues(context.kind.form, currentValues(context)), ...(photo ? { photo } : {}) };
};

const ownerOf = (context: DemandValidationContext): EditsOwner => ({ user: context.user, kind: context.kind.id, id: context.id });

const succeeded = (result: Validated | null) => ({ result, cardId: result?.card ?? null, error: null, errorKey: null });
const failedWith = (error: unknown) => ({ error, errorKey: messageKeyOf(error), serverFieldErrors: fieldProblems(error) });

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
    validateFull: fromPromise<Validated | null, { readonly kind: AnyKind; readonly id: string; readonly form: DemandForm }>(({ input }) =>
      validateDemand(input.kind, input.id, input.form),
    ),
    validateSimple: fromPromise<Validated | null, { readonly kind: AnyKind; readonly id: string }>(({ input }) =>
      validateDemandSimple(input.kind, input.id),
    ),
    /** The first pending demand of the list's search other than this one (newest first, as the list shows). */
    findNextPending: fromPromise<string | null, { readonly kind: AnyKind; readonly search: string; readonly id: string }>(async ({ input }) => {
      const page = await listDemands(input.kind, { filter: "no_validated", search: input.search });
      return page.results.find((demand) => demand.id !== input.id && !demand.validated)?.id ?? null;
    }),
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
    keepEdits: ({ context }, kept: KeptEdits) => {
      if (!writeKeptEdits(ownerOf(context), kept)) noticeStorageFailure("edits");
    },
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

/** Who validated the demand, as the server names them (first name, else username), or null. */
const validatorName = (demand: AnyDemand | null): string | null => {
  const validator = demand?.validator;
  return validator ? validator.first_name.trim() || validator.username : null;
};

const keptOf = ({ context }: { context: DemandValidationContext }): KeptEdits => ({ edits: context.edits, photo: context.photo });

/** Kept edits that still apply to the demand as loaded: pending, known fields, values that differ. */
const restoredEdits = (kept: KeptEdits | null, demand: AnyDemand, original: Readonly<Record<string, FieldValue>>) => {
  if (!kept || demand.validated) return { edits: {}, photo: null };
  const edits = Object.fromEntries(
    Object.entries(kept.edits).filter(([field, value]) => field in original && !sameValue(value, original[field])),
  );
  return { edits, photo: kept.photo };
};

/** Ready and failed take the same edits and VALIDATE (failed keeps the edits: the agent corrects and retries). */
const editable = machineSetup.createStateConfig({
  on: {
    OPEN_FORM: { actions: assign({ view: "form" as const }) },
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
      actions: [assign({ photo: ({ event }) => event.photo || null, view: "form" as const }), "refreshErrors", { type: "keepEdits", params: keptOf }],
    },
    RESET: {
      actions: [assign({ edits: {}, photo: null, fieldErrors: {}, showErrors: false, serverFieldErrors: {} }), "forgetEdits"],
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
              view: Object.keys(restored.edits).length > 0 || restored.photo !== null ? ("form" as const) : ("review" as const),
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
          actions: [assign({ photo: ({ event }) => event.photo || null, view: "form" as const }), "refreshErrors", { type: "keepEdits", params: keptOf }],
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
              { guard: { type: "nowValidated", params: ({ event }) => ({ demand: event.output }) }, target: "#demandValidation.alreadyValidated", actions: assign({ demand: ({ event }) => event.output }) },
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
      entry: ["forgetEdits", emit(({ context }) => ({ type: "validatedElsewhere" as const, by: validatorName(context.demand) }))],
    },
    validated: {
      entry: ["forgetEdits", emit(({ context }) => ({ type: "validated" as const, result: context.result }))],
      initial: "settled",
      states: {
        settled: { always: { guard: ({ context }) => context.thenNext, target: "findingNext" } },
        findingNext: {
          invoke: {
            src: "findNextPending",
            input: ({ context }) => ({ kind: context.kind, search: context.listSearch, id: context.id }),
            onDone: { target: "done", actions: emit(({ event }) => ({ type: "nextPending" as const, id: event.output })) },
            // The validation went through; only the way on is unknown: back to the list.
            onError: { target: "done", actions: emit({ type: "nextPending" as const, id: null }) },
          },
        },
        done: {},
      },
    },
    failed: {
      entry: emit(({ context }) => ({ type: "validationFailed" as const, messageKey: context.errorKey ?? "errors:validateFailed" })),
      ...editable,
    },
  },
});
