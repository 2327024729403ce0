import { formFields, type FieldSpec, type KindForm } from "./fields";

/**
 * Extension `correction` (docs/extensions.md): the fields an agent may ask an applicant to correct online. Those
 * typed or chosen from a fixed list; not the photo (taken again at the office) nor a choice from a reference list,
 * whose options depend on other fields the public page never shows.
 */
export const correctableFields = (form: KindForm): readonly FieldSpec[] =>
  formFields(form).filter((field) => field.input.type !== "photo" && field.input.type !== "select");

/** The names of `correctableFields`, as the backend checks them. */
export const correctableNames = (form: KindForm): readonly string[] => correctableFields(form).map((f) => f.name);
