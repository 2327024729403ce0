import { describe, expect, it } from "vitest";
import { checkPhotoFile, MAX_PHOTO_INPUT_BYTES, photoProblem, sniffImageType } from "./sniff";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii("JFIF"));
const WEBP = bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBP"));

describe("sniffImageType", () => {
  it.each([
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["WebP", WEBP, "image/webp"],
  ])("recognises %s by its magic bytes", (_name, head, type) => {
    expect(sniffImageType(head)).toBe(type);
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
    expect(sniffImageType(head)).toBeNull();
  });
});

describe("checkPhotoFile", () => {
  it("accepts by content whatever the name and MIME type say", async () => {
    const file = new File([PNG, new Uint8Array(100)], "holiday.pdf", { type: "application/pdf" });
    expect(await checkPhotoFile(file)).toEqual({ ok: true, type: "image/png" });
  });

  it("rejects a text file named .jpg with an image MIME type", async () => {
    const file = new File(["not really a picture"], "photo.jpg", { type: "image/jpeg" });
    expect(await checkPhotoFile(file)).toEqual({ ok: false, reason: "notAnImage" });
  });

  it("rejects an empty file", async () => {
    expect(await checkPhotoFile(new File([], "empty.png", { type: "image/png" }))).toEqual({ ok: false, reason: "empty" });
  });

  it("accepts exactly the limit and rejects one byte more, before reading the content", async () => {
    const limit = 64;
    const atLimit = new Blob([JPEG, new Uint8Array(limit - JPEG.length)]);
    const over = new Blob([JPEG, new Uint8Array(limit - JPEG.length + 1)]);
    expect(await checkPhotoFile(atLimit, limit)).toEqual({ ok: true, type: "image/jpeg" });
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
