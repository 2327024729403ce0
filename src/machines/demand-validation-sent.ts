import type { DemandForm } from "../api";
import { normalizeValues } from "../forms/submission";
import type { DemandValidationContext } from "./demand-validation-context";
import { photoFile } from "./demand-validation-photo";
import { currentValues } from "./demand-validation-values";

/**
 * The multipart fields of full validation, normalised as the registration's (trimmed text, national phone
 * numbers); validateDemand adds the kind's defaults, e.g. niveau "".
 */
export const validationForm = (context: DemandValidationContext): DemandForm => {
  const photo = photoFile(context);
  return { ...normalizeValues(context.kind.form, currentValues(context)), ...(photo ? { photo } : {}) };
};
