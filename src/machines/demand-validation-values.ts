import { storedDemandKeys } from "../api/schemas/demand";
import type { AnyDemand, DemandValidationContext, FieldValue, KeptEdits } from "./demand-validation-context";

/** The demand's field values as the validation screen holds them: loaded, edited, restored. */

/** Fields the server adds to a stored demand: shown, never edited, never resubmitted. */
export const readOnlyDemandFields: readonly string[] = storedDemandKeys;

/** The editable fields of a stored demand. */
export const editableFields = (demand: AnyDemand): Record<string, FieldValue> =>
  Object.fromEntries(
    Object.entries(demand)
      .filter(([key]) => !readOnlyDemandFields.includes(key))
      .map(([key, value]) => [key, typeof value === "string" || typeof value === "number" ? value : null]),
  );

/** Two field values are the same when the screen would show the same text ("1" from an input equals 1). */
export const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined): boolean =>
  String(a ?? "") === String(b ?? "");

/** Values as they stand: the loaded fields with the edits applied. */
export const currentValues = (
  context: Pick<DemandValidationContext, "original" | "edits">,
): Record<string, FieldValue> => ({
  ...context.original,
  ...context.edits,
});

/** Names of the edited fields, "photo" included when a new one was chosen. */
export const dirtyFields = (context: Pick<DemandValidationContext, "edits" | "photo">): string[] => [
  ...Object.keys(context.edits),
  ...(context.photo ? ["photo"] : []),
];

export const isDirty = (context: Pick<DemandValidationContext, "edits" | "photo">): boolean =>
  dirtyFields(context).length > 0;

/** Kept edits that still apply to the demand as loaded: pending, known fields, values that differ. */
export const restoredEdits = (
  kept: KeptEdits | null,
  demand: AnyDemand,
  original: Readonly<Record<string, FieldValue>>,
) => {
  if (!kept || demand.validated) return { edits: {}, photo: null };
  const edits = Object.fromEntries(
    Object.entries(kept.edits).filter(([field, value]) => field in original && !sameValue(value, original[field])),
  );
  return { edits, photo: kept.photo };
};
