/**
 * From wizard values to the multipart record `submitDemand` sends (docs/spec.md §5 "Sending"): server field names, the
 * birth date as its YYYY-MM-DD string, phones in their 9-digit national form, reference ids and enumerations as
 * numbers, and the optional photo and niveau only when present.
 */
import { submitDemand, type DemandForm } from "../api";
import { imageFile } from "./image-file";
import type { KindId } from "../api/kind-ids";
import { kinds } from "../kinds";
import { formFields, type KindForm } from "./fields";
import { choiceOf, normalizePhone, textOf, type FormValues } from "./rules";

/** The multipart record of a demand. Fields absent from `values` or left empty and optional are omitted. */
export const toDemandForm = (
  kind: { readonly form: KindForm },
  values: FormValues,
  photo?: Blob | null,
): DemandForm => {
  const form: Record<string, string | number | Blob> = {};
  for (const field of formFields(kind.form)) {
    const value = values[field.name];
    switch (field.input.type) {
      case "photo":
        if (photo) form[field.name] = photo;
        break;
      case "select":
      case "enum": {
        const id = choiceOf(value);
        if (id !== null) form[field.name] = id;
        break;
      }
      case "tel": {
        const text = textOf(value);
        if (text !== "") form[field.name] = normalizePhone(text) ?? text;
        break;
      }
      default: {
        const text = textOf(value);
        if (text !== "" || field.required) form[field.name] = text;
      }
    }
  }
  return form;
};

/**
 * The wizard's normalisation of typed values, for a form that sends them another way (full validation): text
 * trimmed, phones in their 9-digit national form. Other values, and fields the form does not know, stay as they are.
 */
export const normalizeValues = (form: KindForm, values: FormValues): FormValues => {
  const out: Record<string, FormValues[string]> = { ...values };
  for (const field of formFields(form)) {
    const value = values[field.name];
    if (typeof value !== "string" || field.input.type === "photo") continue;
    const text = value.trim();
    out[field.name] = field.input.type === "tel" && text !== "" ? (normalizePhone(text) ?? text) : text;
  }
  return out;
};

/** What the wizard's `submit` actor receives and answers. */
export interface SubmitInput {
  readonly kind: KindId;
  readonly values: FormValues;
  /** Photo as a data URL, or null. */
  readonly photo: string | null;
}

export interface SubmitOutput {
  readonly id: string;
  readonly code: string;
  /** Name shown on the approved page. */
  readonly name: string;
}

export const displayName = (values: FormValues): string =>
  [textOf(values.firstname), textOf(values.lastname)].filter(Boolean).join(" ");

/**
 * What the wizard machine's `submit` actor does (its default in `setup`).
 * Rejects with the ApiError of `submitDemand` (kind "exist" for a duplicate register).
 */
export const submitRegistration = async (input: SubmitInput): Promise<SubmitOutput> => {
  const kind = kinds[input.kind];
  const photo = imageFile(input.photo, "photo");
  if (input.photo && !photo) throw new TypeError("The photo is not a base64 image");
  const answer = await submitDemand(kind, toDemandForm(kind, input.values, photo));
  return { id: answer.id, code: answer.code, name: displayName(input.values) };
};
