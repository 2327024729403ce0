import { sniffImageType } from "./image-header.ts";

/**
 * An uploaded picture reduced to one clean still image, from its structure alone (no decoding, so the same in the
 * browser, the demo backend's worker and Node): whatever follows the image's end is cut (a ZIP or a script glued
 * to a photo, a phone's "motion photo" video), an animated PNG keeps its default image and an animated GIF its
 * first frame. An animated WebP, or a file whose end cannot be found, is refused. Shared by the form that sends
 * a photo (src/forms/image-file.ts), the demo backend that stores it and the card that prints it.
 */
export type StillImage =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly problem: "animated" | "broken" };

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u32le = (b: Uint8Array, i: number) =>
  ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16)) + (b[i + 3] ?? 0) * 0x1000000;
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i] ?? 0, b[i + 1] ?? 0, b[i + 2] ?? 0, b[i + 3] ?? 0);

const broken: StillImage = { ok: false, problem: "broken" };
const still = (bytes: Uint8Array): StillImage => ({ ok: true, bytes });

/** PNG: chunks up to IEND; the animation chunks of an APNG (acTL, fcTL, fdAT) are dropped, IDAT is its default image. */
const stillPng = (b: Uint8Array): StillImage => {
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let animated = false;
  let i = 8;
  while (i + 12 <= b.length) {
    const end = i + 12 + u32be(b, i);
    if (end > b.length) return broken;
    const type = tag(b, i + 4);
    if (type === "acTL" || type === "fcTL" || type === "fdAT") animated = true;
    else kept.push(b.subarray(i, end));
    if (type === "IEND") return still(animated ? join(kept) : b.subarray(0, end));
    i = end;
  }
  return broken;
};

const join = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** JPEG: marker segments, each scan's entropy-coded data (to the next marker that is not a restart), up to EOI. */
const stillJpeg = (b: Uint8Array): StillImage => {
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return broken;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd9) return still(b.subarray(0, i + 2));
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    if (length < 2 || i + 2 + length > b.length) return broken;
    i += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker until the next marker.
      while (
        i + 1 < b.length &&
        !(b[i] === 0xff && b[i + 1] !== 0x00 && !((b[i + 1] ?? 0) >= 0xd0 && (b[i + 1] ?? 0) <= 0xd7))
      )
        i++;
    }
  }
  return broken;
};

/** WebP: the RIFF container's declared size is the image's end; VP8X's animation flag or an ANIM chunk refuses it. */
const stillWebp = (b: Uint8Array): StillImage => {
  const end = 8 + u32le(b, 4);
  if (end > b.length || end < 20) return broken;
  for (let i = 12; i + 8 <= end; i += 8 + u32le(b, i + 4) + (u32le(b, i + 4) % 2)) {
    const type = tag(b, i);
    if (type === "ANIM" || type === "ANMF" || (type === "VP8X" && ((b[i + 8] ?? 0) & 0x02) !== 0))
      return { ok: false, problem: "animated" };
  }
  return still(b.subarray(0, end));
};

/** GIF: header, colour table, then blocks; the first image ends the file (a trailer byte added). */
const stillGif = (b: Uint8Array): StillImage => {
  const subBlocks = (from: number): number => {
    let i = from;
    while (i < b.length) {
      const size = b[i] ?? 0;
      if (size === 0) return i + 1;
      i += 1 + size;
    }
    return -1;
  };
  const flags = b[10] ?? 0;
  let i = 13 + ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (i < b.length) {
    const block = b[i];
    if (block === 0x3b) return still(b.subarray(0, i + 1));
    if (block === 0x21) {
      i = subBlocks(i + 2);
    } else if (block === 0x2c) {
      const local = b[i + 9] ?? 0;
      const afterTable = i + 10 + ((local & 0x80) !== 0 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      const end = subBlocks(afterTable + 1);
      if (end < 0) return broken;
      return still(join([b.subarray(0, end), Uint8Array.of(0x3b)]));
    } else {
      return broken;
    }
    if (i < 0) return broken;
  }
  return broken;
};

/** The picture as one clean still image, or why it cannot be one. Anything but JPEG, PNG, WebP or GIF is broken. */
export const stillImage = (bytes: Uint8Array): StillImage => {
  switch (sniffImageType(bytes)) {
    case "image/png":
      return stillPng(bytes);
    case "image/jpeg":
      return stillJpeg(bytes);
    case "image/webp":
      return stillWebp(bytes);
    case "image/gif":
      return stillGif(bytes);
    default:
      return broken;
  }
};
