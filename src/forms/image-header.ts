/**
 * What an image file is and how many pixels it holds, read from its first bytes (magic numbers and header), never
 * from its name or MIME type and without decoding it: a renamed PDF stays a PDF, and a 431 KB PNG that would
 * decode to 20000 × 20000 pixels (1.6 GB of memory) is refused before anything tries. Shared by the photo dialog,
 * the validation screen and the demo backend.
 */

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** Largest image accepted, in pixels (width × height): a 40-megapixel camera photo, not a decompression bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const encoder = new TextEncoder();
/** An ASCII signature ("GIF8", "VP8X") as its bytes. */
const ascii = (text: string) => Array.from(encoder.encode(text));
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF = ascii("GIF8");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");

/** The image type named by the leading bytes (12 are enough), or null for anything else (SVG, PDF, text, truncated…). */
export const sniffImageType = (bytes: Uint8Array): ImageType | null => {
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  if (startsWith(bytes, GIF)) return "image/gif";
  return null;
};

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);

const size = (width: number, height: number): PixelSize | null => (width > 0 && height > 0 ? { width, height } : null);

/** JPEG: walk the marker segments to the first start-of-frame (baseline, progressive or lossless). */
const jpegSize = (b: Uint8Array): PixelSize | null => {
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return i + 8 < b.length ? size(u16be(b, i + 7), u16be(b, i + 5)) : null;
    i += 2 + length;
  }
  return null;
};

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk. */
const webpSize = (b: Uint8Array): PixelSize | null => {
  if (startsWith(b, ascii("VP8 "), 12) && b.length >= 30) return size(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (startsWith(b, ascii("VP8L"), 12) && b.length >= 25) {
    const b1 = b[22] ?? 0;
    const b2 = b[23] ?? 0;
    const b3 = b[24] ?? 0;
    return size(((b[21] ?? 0) | ((b1 & 0x3f) << 8)) + 1, ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)) + 1);
  }
  if (startsWith(b, ascii("VP8X"), 12) && b.length >= 30) return size(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
};

/** The pixel size the header declares, or null when the header is missing, truncated or not understood. */
export const imagePixelSize = (bytes: Uint8Array): PixelSize | null => {
  switch (sniffImageType(bytes)) {
    case "image/png":
      return startsWith(bytes, ascii("IHDR"), 12) && bytes.length >= 24
        ? size(u32be(bytes, 16), u32be(bytes, 20))
        : null;
    case "image/jpeg":
      return jpegSize(bytes);
    case "image/webp":
      return webpSize(bytes);
    case "image/gif":
      return bytes.length >= 10 ? size(u16le(bytes, 6), u16le(bytes, 8)) : null;
    default:
      return null;
  }
};

/** Whether an image of this size stays within MAX_IMAGE_PIXELS. */
export const withinPixelLimit = ({ width, height }: PixelSize, max = MAX_IMAGE_PIXELS): boolean =>
  width * height <= max;
