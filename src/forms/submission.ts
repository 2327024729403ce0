/**
 * From wizard values to the multipart record `submitDemand` sends (spec §5 "Sending"): server field names, the
 * birth date as its YYYY-MM-DD string, phones in their 9-digit national form, reference ids and enumerations as
 * numbers, and the optional photo and niveau only when present.
 */
import { submitDemand, type DemandForm } from "../api";
import type { KindId } from "../api/kind-ids";
import { kinds } from "../kinds";
import { formFields, type KindForm } from "./fields";
import { choiceOf, normalizePhone, textOf, type FormValues } from "./rules";

/** The multipart record of a demand. Fields absent from `values` or left empty and optional are omitted. */
export const toDemandForm = (kind: { readonly form: KindForm }, values: FormValues, photo?: Blob | null): DemandForm => {
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

const extensions: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * A data URL (as the photo crop dialog produces) as a File for multipart sending. `name` gets the extension of
 * the image type when it has none ("photo" + image/jpeg → "photo.jpg"). Throws a TypeError on anything that is
 * not a data URL.
 */
export const dataUrlToFile = (dataUrl: string, name: string): File => {
  const match = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/s.exec(dataUrl);
  if (!match) throw new TypeError("Not a data URL");
  const type = (match[1] || "text/plain").toLowerCase();
  const isBase64 = (match[2] ?? "").split(";").includes("base64");
  const payload = match[3] ?? "";
  let bytes: Uint8Array<ArrayBuffer>;
  if (isBase64) {
    const binary = atob(payload.replace(/\s/g, ""));
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  } else {
    bytes = new TextEncoder().encode(decodeURIComponent(payload)) as Uint8Array<ArrayBuffer>;
  }
  const extension = extensions[type];
  const fileName = extension && !/\.[A-Za-z0-9]+$/.test(name) ? `${name}.${extension}` : name;
  return new File([bytes], fileName, { type });
};

/** What the wizard's `submit` actor receives and answers. */
export interface SubmitInput {
  readonly kind: KindId | null;
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

export const displayName = (values: FormValues): string => [textOf(values.firstname), textOf(values.lastname)].filter(Boolean).join(" ");

/**
 * The app's implementation of the wizard's `submit` actor:
 * `wizardMachine.provide({ actors: { submit: fromPromise(({ input }) => submitRegistration(input)) } })`.
 * Rejects with the ApiError of `submitDemand` (kind "exist" for a duplicate register).
 */
export const submitRegistration = async (input: SubmitInput): Promise<SubmitOutput> => {
  if (input.kind === null) throw new TypeError("submitRegistration needs a kind");
  const kind = kinds[input.kind];
  const photo = input.photo ? dataUrlToFile(input.photo, "photo") : null;
  const answer = await submitDemand(kind, toDemandForm(kind, input.values, photo));
  return { id: answer.id, code: answer.code, name: displayName(input.values) };
};
