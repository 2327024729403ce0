import { formFields, validateFields } from "../forms/fields";
import type { DemandValidationContext, FieldErrors, ValidationValues } from "./demand-validation-context";
import { currentPhoto, needsPhoto, photoFile } from "./demand-validation-photo";
import { currentValues, isDirty } from "./demand-validation-values";

/** The kind's registration rules on the demand: errors that refuse a full validation, warnings on the stored data. */

/** The kind's registration rules on `values`. */
const kindRules = (context: DemandValidationContext, values: ValidationValues): FieldErrors =>
  validateFields(formFields(context.kind.form), values, { referenceData: context.referenceData });

/** The kind's field rules, plus the photo rule of full validation where the kind needs one (present and decodable). */
export const checkFields = (context: DemandValidationContext): FieldErrors => {
  const errors: Record<string, string> = {
    ...kindRules(context, { ...currentValues(context), photo: currentPhoto(context) }),
  };
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
  context.demand === null || isDirty(context)
    ? {}
    : kindRules(context, { ...context.original, photo: currentPhoto(context) });
