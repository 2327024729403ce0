/**
 * What a photo file really is, read from its first bytes (magic numbers), never from its name or MIME type:
 * a renamed PDF stays a PDF. Only JPEG, PNG and WebP are accepted, at most MAX_PHOTO_INPUT_BYTES.
 */

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

/** Largest file accepted before cropping (the cropped JPEG sent to the server is far smaller). */
export const MAX_PHOTO_INPUT_BYTES = 10 * 1024 * 1024;

/** Bytes needed by `sniffImageType`. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const JPEG = [0xff, 0xd8, 0xff] as const;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const; // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50] as const; // "WEBP" at offset 8

/** The image type named by the leading bytes, or null for anything else (GIF, SVG, PDF, text, truncated…). */
export const sniffImageType = (bytes: Uint8Array): PhotoType | null => {
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  return null;
};

export type PhotoCheck = { readonly ok: true; readonly type: PhotoType } | { readonly ok: false; readonly reason: "empty" | "tooLarge" | "notAnImage" };

const headOf = async (file: Blob): Promise<Uint8Array> => {
  const slice = file.slice(0, SNIFF_BYTES);
  // Blob#arrayBuffer is missing from some older engines (and older jsdom); FileReader always works.
  if (typeof slice.arrayBuffer === "function") return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(slice);
  });
};

/** Size and content check of a picked or dropped file. */
export const checkPhotoFile = async (file: Blob, maxBytes = MAX_PHOTO_INPUT_BYTES): Promise<PhotoCheck> => {
  if (file.size === 0) return { ok: false, reason: "empty" };
  if (file.size > maxBytes) return { ok: false, reason: "tooLarge" };
  const type = sniffImageType(await headOf(file));
  return type ? { ok: true, type } : { ok: false, reason: "notAnImage" };
};

/** What the photo dialog says of a refused file (i18n key and its values): a too-large file hears the limit. */
export const photoProblem = (reason: Extract<PhotoCheck, { ok: false }>["reason"]): { key: string; values: Record<string, string> } =>
  reason === "tooLarge"
    ? { key: "errors:photoTooLarge", values: { max: `${Math.round(MAX_PHOTO_INPUT_BYTES / (1024 * 1024))} MB` } }
    : { key: "errors:photo", values: {} };
