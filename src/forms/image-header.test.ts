import fc from "fast-check";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { imagePixelSize, MAX_IMAGE_PIXELS, sniffImageType, withinPixelLimit } from "./image-header";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => Array.from(new TextEncoder().encode(text));
const be16 = (n: number) => [n >> 8, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];

/** The header of a PNG of that size (signature and IHDR, as any encoder writes them). */
const pngHeader = (width: number, height: number) =>
  bytes(
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    ...ascii("IHDR"),
    ...[width, height].flatMap((n) => [n >>> 24, (n >> 16) & 0xff, ...be16(n & 0xffff)]),
    8,
    2,
    0,
    0,
    0,
  );

/** A JPEG's segments up to its frame header: JFIF, a large EXIF block, a quantisation table, then SOFn. */
const jpegHeader = (width: number, height: number, sof = 0xc0) => {
  const exif = Array.from({ length: 3000 }, () => 0x41);
  return bytes(
    0xff,
    0xd8,
    0xff,
    0xe0,
    ...be16(16),
    ...ascii("JFIF"),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xe1,
    ...be16(exif.length + 2),
    ...exif,
    0xff,
    0xff, // fill byte
    0xff,
    0xdb,
    ...be16(67),
    0,
    ...Array.from({ length: 64 }, () => 1),
    0xff,
    sof,
    ...be16(17),
    8,
    ...be16(height),
    ...be16(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xda,
    ...be16(12),
  );
};

const webp = (chunk: string, body: number[]) =>
  bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBP"), ...ascii(chunk), 0x10, 0, 0, 0, ...body);

describe("sniffImageType", () => {
  it.each([
    ["PNG", pngHeader(1, 1), "image/png"],
    ["JPEG", jpegHeader(1, 1), "image/jpeg"],
    ["WebP", webp("VP8 ", []), "image/webp"],
    ["GIF", bytes(...ascii("GIF89a"), 1, 0, 1, 0), "image/gif"],
  ])("recognises %s by its magic bytes", (_name, head, type) => {
    expect(sniffImageType(head)).toBe(type);
  });

  it.each([
    ["PDF", bytes(...ascii("%PDF-1.7\n%âã"))],
    ["SVG", bytes(...ascii("<svg xmlns="))],
    ["RIFF that is not WebP (WAV)", bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVE"))],
    ["a truncated PNG signature", bytes(0x89, 0x50, 0x4e, 0x47)],
    ["nothing", bytes()],
  ])("rejects %s", (_name, head) => {
    expect(sniffImageType(head)).toBeNull();
  });
});

describe("imagePixelSize", () => {
  it("reads a PNG's IHDR, also the 20000 × 20000 one that takes gigabytes to decode", () => {
    expect(imagePixelSize(pngHeader(20000, 20000))).toEqual({ width: 20000, height: 20000 });
    const real = PNG.sync.write(new PNG({ width: 90, height: 120 }));
    expect(imagePixelSize(new Uint8Array(real))).toEqual({ width: 90, height: 120 });
  });

  it.each([0xc0, 0xc1, 0xc2, 0xc3])("reads a JPEG's frame header (SOF%s) past its APP segments", (sof) => {
    expect(imagePixelSize(jpegHeader(4032, 3024, sof))).toEqual({ width: 4032, height: 3024 });
  });

  it("reads the three WebP variants", () => {
    expect(imagePixelSize(webp("VP8 ", [0x9d, 0x01, 0x2a, 0x9d, 0x01, 0x2a, ...le16(640), ...le16(480)]))).toEqual({
      width: 640,
      height: 480,
    });
    // VP8L: signature 0x2f, then 14 bits width-1 and 14 bits height-1.
    const w = 1199;
    const h = 799;
    const bits = w | (h << 14);
    expect(
      imagePixelSize(webp("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff])),
    ).toEqual({ width: 1200, height: 800 });
    expect(imagePixelSize(webp("VP8X", [0, 0, 0, 0, ...le24(7999), ...le24(5999)]))).toEqual({
      width: 8000,
      height: 6000,
    });
  });

  it("answers null for a truncated or frameless header", () => {
    expect(imagePixelSize(pngHeader(100, 100).slice(0, 20))).toBeNull();
    expect(imagePixelSize(jpegHeader(100, 100).slice(0, 200))).toBeNull();
    expect(imagePixelSize(bytes(0xff, 0xd8, 0xff, 0xda, 0, 2))).toBeNull();
    expect(imagePixelSize(pngHeader(0, 10))).toBeNull();
  });

  it("never throws and never loops on arbitrary bytes after a known signature", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          [0xff, 0xd8, 0xff],
          [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
          ascii("RIFF\0\0\0\0WEBP"),
        ),
        fc.uint8Array({ maxLength: 300 }),
        (head, tail) => {
          const size = imagePixelSize(bytes(...head, ...tail));
          expect(size === null || (size.width > 0 && size.height > 0)).toBe(true);
        },
      ),
    );
  });
});

describe("the pixel limit", () => {
  it("is 40 megapixels", () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(withinPixelLimit({ width: 8000, height: 5000 })).toBe(true);
    expect(withinPixelLimit({ width: 8000, height: 5001 })).toBe(false);
  });
});
