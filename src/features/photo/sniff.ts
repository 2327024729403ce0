import { ID_PHOTO_ASPECT, MIN_CROP_HEIGHT } from "./crop";
import {
  imagePixelSize,
  MAX_IMAGE_PIXELS,
  sniffImageType,
  withinPixelLimit,
  type PixelSize,
} from "../../forms/image-header";

/**
 * Whether a picked or dropped file can become an ID photo, judged from its bytes (never its name or MIME type) and
 * before the browser decodes it: JPEG, PNG or WebP, at most MAX_PHOTO_INPUT_BYTES, at most MAX_IMAGE_PIXELS, and
 * large enough for a MIN_PHOTO_SIZE crop.
 */

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

/** Largest file accepted before cropping (the cropped JPEG sent to the server is far smaller). */
export const MAX_PHOTO_INPUT_BYTES = 10 * 1024 * 1024;

/** Smallest crop worth printing on a card: the frame's 35:45 at its smallest height, 350 × 450 source pixels. */
export const MIN_PHOTO_SIZE: PixelSize = {
  width: Math.round(MIN_CROP_HEIGHT * ID_PHOTO_ASPECT),
  height: MIN_CROP_HEIGHT,
};

/** A JPEG, PNG or WebP by its magic bytes; null for anything else, GIF included. */
export const acceptedPhotoType = (bytes: Uint8Array): PhotoType | null => {
  const type = sniffImageType(bytes);
  return type === "image/gif" ? null : type;
};

/** Whether a MIN_PHOTO_SIZE frame fits in a decoded picture. */
export const fitsUpright = ({ width, height }: PixelSize): boolean =>
  width >= MIN_PHOTO_SIZE.width && height >= MIN_PHOTO_SIZE.height;

/** Whether it fits upright or turned: a header's size comes before a camera's EXIF rotation is applied. */
const fitsMinimumPhoto = (size: PixelSize): boolean =>
  fitsUpright(size) || fitsUpright({ width: size.height, height: size.width });

export type PhotoProblem = "empty" | "tooLarge" | "tooManyPixels" | "tooSmall" | "notAnImage";
export type PhotoCheck =
  | { readonly ok: true; readonly type: PhotoType }
  | { readonly ok: false; readonly reason: PhotoProblem };

const bytesOf = async (blob: Blob): Promise<Uint8Array> => {
  // Blob#arrayBuffer is missing from some older engines (and older jsdom); FileReader always works.
  if (typeof blob.arrayBuffer === "function") return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
};

/** Size, type and pixel dimensions of a picked or dropped file. */
export const checkPhotoFile = async (file: Blob, maxBytes = MAX_PHOTO_INPUT_BYTES): Promise<PhotoCheck> => {
  if (file.size === 0) return { ok: false, reason: "empty" };
  if (file.size > maxBytes) return { ok: false, reason: "tooLarge" };
  // A JPEG's frame header may follow large EXIF and colour-profile blocks: the whole file (10 MB at most) is read.
  const bytes = await bytesOf(file);
  const type = acceptedPhotoType(bytes);
  const size = type && imagePixelSize(bytes);
  if (!type || !size) return { ok: false, reason: "notAnImage" };
  if (!withinPixelLimit(size)) return { ok: false, reason: "tooManyPixels" };
  if (!fitsMinimumPhoto(size)) return { ok: false, reason: "tooSmall" };
  return { ok: true, type };
};

/** What the photo dialog says of a refused picture (i18n key and its values): a limit broken is named. */
export const photoProblem = (reason: PhotoProblem): { key: string; values: Record<string, string> } => {
  switch (reason) {
    case "tooLarge":
      return {
        key: "errors:photoTooLarge",
        values: { max: `${Math.round(MAX_PHOTO_INPUT_BYTES / (1024 * 1024))} MB` },
      };
    case "tooManyPixels":
      return { key: "errors:photoTooManyPixels", values: { max: String(MAX_IMAGE_PIXELS / 1_000_000) } };
    case "tooSmall":
      return {
        key: "errors:photoTooSmall",
        values: { width: String(MIN_PHOTO_SIZE.width), height: String(MIN_PHOTO_SIZE.height) },
      };
    default:
      return { key: "errors:photo", values: {} };
  }
};
