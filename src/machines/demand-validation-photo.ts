import { imageFile } from "../forms/image-file";
import type { AnyKind } from "../kinds";
import type { DemandValidationContext } from "./demand-validation-context";

/** The demand's photo: the stored one, a new one, and whether the kind's card needs one. */

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

/** The photo as shown and checked: the new one, else the stored one (a data URL or base64), else null. */
export const currentPhoto = (context: Pick<DemandValidationContext, "photo" | "storedPhoto">): string | null =>
  context.photo ?? context.storedPhoto ?? null;

/** The kind's card carries a photo and the demand has none (neither stored nor newly set). */
export const missingPhoto = (context: Pick<DemandValidationContext, "kind" | "photo" | "storedPhoto">): boolean =>
  needsPhoto(context.kind) && currentPhoto(context) === null;

/** The photo full validation sends, as a file; null when there is none or it cannot be decoded. */
export const photoFile = (context: DemandValidationContext): File | null =>
  imageFile(currentPhoto(context), `photo-${context.demand?.code ?? context.id}`);
