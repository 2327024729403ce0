import { kinds } from "../kinds";
import { pruneDependents } from "../forms/cascade";
import { hasErrors, initialValues, validateFields, type ValidationEnv } from "../forms/fields";
import { isImageDataUrl, type FieldErrors, type FormValues } from "../forms/rules";
import type { WizardContext, WizardInput } from "./wizard-context";
import type { StoredWizard } from "./wizard-storage";

/**
 * What the registration wizard's chart (wizard.ts) reads and computes: its starting context, a draft taken back,
 * and which steps are valid and within reach.
 */

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

export const configOf = (input: WizardInput) => {
  const form = kinds[input.kind].form;
  return {
    kind: input.kind,
    steps: form.steps,
    acceptanceIds: form.review.acceptances.map((a) => a.id),
    initialValues: initialValues(form),
  };
};

export const freshState = (context: Pick<WizardContext, "initialValues" | "acceptanceIds">) => ({
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
  answerUnread: false,
  draft: null,
  startedAt: null,
});

/** Whether a stored draft holds anything the user gave: only such a draft is worth offering. */
const meaningful = (draft: StoredWizard, initial: FormValues): boolean =>
  draft.reached > 0 ||
  draft.photo !== null ||
  Object.entries(draft.values).some(([name, value]) => name in initial && value !== initial[name] && value !== "");

export const initialContext = (input: WizardInput): WizardContext => {
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
export const resumeDraft = (context: WizardContext): Partial<WizardContext> => {
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
export const errorsOfStep = (context: WizardContext, index: number): FieldErrors =>
  validateFields(kinds[context.kind].form.steps[index]?.fields ?? [], valuesWithPhoto(context), envOf(context));

/** The first step (up to `before`, excluded) whose fields are invalid, with its errors. */
export const firstInvalidStep = (
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
export const refusedStep = (
  context: Pick<WizardContext, "steps">,
  problems: Readonly<Record<string, string>>,
): number | null => {
  const index = context.steps.findIndex((step) => step.fields?.some((field) => field.name in problems));
  return index < 0 ? null : index;
};

export const withoutKeys = <T>(errors: Readonly<Record<string, T>>, keys: Iterable<string>): Record<string, T> => {
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
};
