import { describe, expect, it } from "vitest";
import { PNG as PngFile } from "pngjs";
import { acceptedPhotoType, checkPhotoFile, MAX_PHOTO_INPUT_BYTES, MIN_PHOTO_SIZE, photoProblem } from "./sniff";

const bytes = (...values: number[]) => new Uint8Array(values);
/** A PNG of that size, made by a real encoder (one colour: small whatever the size). */
const pngBytes = (width: number, height: number) => Uint8Array.from(PngFile.sync.write(new PngFile({ width, height })));
const ascii = (text: string) => Array.from(new TextEncoder().encode(text));

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii("JFIF"));
const WEBP = bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBP"));

describe("acceptedPhotoType", () => {
  it.each([
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["WebP", WEBP, "image/webp"],
  ])("recognises %s by its magic bytes", (_name, head, type) => {
    expect(acceptedPhotoType(head)).toBe(type);
  });

  it.each([
    ["GIF", bytes(...ascii("GIF89a"), 1, 0, 1, 0, 0, 0)],
    ["PDF", bytes(...ascii("%PDF-1.7\n%âã"))],
    ["SVG", bytes(...ascii("<svg xmlns="))],
    ["RIFF that is not WebP (WAV)", bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVE"))],
    ["a truncated PNG signature", bytes(0x89, 0x50, 0x4e, 0x47)],
    ["two JPEG bytes", bytes(0xff, 0xd8)],
    ["nothing", bytes()],
  ])("rejects %s", (_name, head) => {
    expect(acceptedPhotoType(head)).toBeNull();
  });
});

describe("checkPhotoFile", () => {
  it("accepts by content whatever the name and MIME type say", async () => {
    const file = new File([pngBytes(400, 500)], "holiday.pdf", { type: "application/pdf" });
    expect(await checkPhotoFile(file)).toEqual({ ok: true, type: "image/png" });
  });

  it("rejects a text file named .jpg with an image MIME type", async () => {
    const file = new File(["not really a picture"], "photo.jpg", { type: "image/jpeg" });
    expect(await checkPhotoFile(file)).toEqual({ ok: false, reason: "notAnImage" });
  });

  it("rejects an empty file", async () => {
    expect(await checkPhotoFile(new File([], "empty.png", { type: "image/png" }))).toEqual({
      ok: false,
      reason: "empty",
    });
  });

  it("accepts exactly the limit and rejects one byte more, before reading the content", async () => {
    const png = pngBytes(400, 500);
    const limit = png.length + 10;
    const atLimit = new Blob([png, new Uint8Array(limit - png.length)]);
    const over = new Blob([png, new Uint8Array(limit - png.length + 1)]);
    expect(await checkPhotoFile(atLimit, limit)).toEqual({ ok: true, type: "image/png" });
    expect(await checkPhotoFile(over, limit)).toEqual({ ok: false, reason: "tooLarge" });
  });

  it("has a 10 MB default limit", () => {
    expect(MAX_PHOTO_INPUT_BYTES).toBe(10 * 1024 * 1024);
  });
});

describe("photoProblem (what the dialog says of a refused file)", () => {
  it("names the size limit for a file too large; the generic text otherwise", () => {
    expect(photoProblem("tooLarge")).toEqual({ key: "errors:photoTooLarge", values: { max: "10 MB" } });
    expect(photoProblem("notAnImage")).toEqual({ key: "errors:photo", values: {} });
    expect(photoProblem("empty")).toEqual({ key: "errors:photo", values: {} });
  });
});

const pngFile = (width: number, height: number) =>
  new File([pngBytes(width, height)], "photo.png", { type: "image/png" });

/** Only the header of a PNG of that size: the file a decompression bomb starts with. */
const pngHeaderFile = (width: number, height: number) => {
  const header = new Uint8Array(33);
  header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(header.buffer).setUint32(16, width);
  new DataView(header.buffer).setUint32(20, height);
  return new File([header, new Uint8Array(431_000)], "bomb.png", { type: "image/png" });
};

describe("checkPhotoFile: pixel dimensions from the header, before any decoding", () => {
  it("refuses more than 40 megapixels (a 431 KB PNG of 20000 × 20000 px)", async () => {
    expect(await checkPhotoFile(pngHeaderFile(20000, 20000))).toEqual({ ok: false, reason: "tooManyPixels" });
    expect(await checkPhotoFile(pngHeaderFile(8000, 5000))).toEqual({ ok: true, type: "image/png" });
  });

  it("refuses a picture too small for an identity photo (a 1 × 1 PNG), in either orientation", async () => {
    expect(MIN_PHOTO_SIZE).toEqual({ width: 350, height: 450 });
    expect(await checkPhotoFile(pngFile(1, 1))).toEqual({ ok: false, reason: "tooSmall" });
    expect(await checkPhotoFile(pngFile(349, 450))).toEqual({ ok: false, reason: "tooSmall" });
    expect(await checkPhotoFile(pngFile(350, 450))).toEqual({ ok: true, type: "image/png" });
    // A rotated camera picture (EXIF orientation) is turned upright when decoded: its header may say landscape.
    expect(await checkPhotoFile(pngFile(450, 350))).toEqual({ ok: true, type: "image/png" });
  });

  it("refuses an image whose header cannot be read", async () => {
    expect(await checkPhotoFile(new File([PNG], "cut.png"))).toEqual({ ok: false, reason: "notAnImage" });
  });
});

describe("photoProblem", () => {
  it("names the limit the picture broke", () => {
    expect(photoProblem("tooManyPixels")).toEqual({ key: "errors:photoTooManyPixels", values: { max: "40" } });
    expect(photoProblem("tooSmall")).toEqual({ key: "errors:photoTooSmall", values: { width: "350", height: "450" } });
  });
});
