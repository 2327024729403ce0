import { crc32 } from "node:zlib";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { stillImage } from "./image-integrity";

const ascii = (text: string) => Array.from(new TextEncoder().encode(text));
const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];
const concat = (...parts: ArrayLike<number>[]) => Uint8Array.from(parts.flatMap((part) => Array.from(part)));
/** What a polyglot glues after a picture: the start of a ZIP archive (a script, an executable…). */
const zip = ascii("PK\u0003\u0004 hidden archive, script or video");

const png = () => {
  const image = new PNG({ width: 4, height: 4 });
  image.data.fill(200);
  return new Uint8Array(PNG.sync.write(image));
};
const chunk = (type: string, data: number[]) => {
  const body = [...ascii(type), ...data];
  return [...be32(data.length), ...body, ...be32(crc32(Uint8Array.from(body)))];
};
/** An animated PNG: acTL after IHDR, a frame control before IDAT (its default image), a second frame after it. */
const apng = (still: Uint8Array) => {
  const ihdrEnd = 8 + 25;
  const idat = ihdrEnd;
  const iend = still.length - 12;
  const fcTL = (seq: number) =>
    chunk("fcTL", [...be32(seq), ...be32(4), ...be32(4), ...be32(0), ...be32(0), ...be16(1), ...be16(10), 0, 0]);
  return concat(
    still.subarray(0, ihdrEnd),
    chunk("acTL", [...be32(2), ...be32(0)]),
    fcTL(0),
    still.subarray(idat, iend),
    fcTL(1),
    chunk("fdAT", [...be32(2), 1, 2, 3]),
    still.subarray(iend),
  );
};

/** A JPEG's structure: segments, two scans (a progressive file's) whose data holds stuffed bytes and restarts, EOI. */
const jpeg = concat(
  [0xff, 0xd8],
  [0xff, 0xe0, ...be16(16), ...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
  [0xff, 0xdb, ...be16(67), 0, ...Array.from({ length: 64 }, () => 1)],
  [0xff, 0xc2, ...be16(11), 8, ...be16(4), ...be16(4), 1, 1, 0x11, 0],
  [0xff, 0xc4, ...be16(5), 0, 1, 0x02],
  [0xff, 0xda, ...be16(8), 1, 1, 0, 0, 63, 0],
  [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56],
  [0xff, 0xc4, ...be16(5), 0x10, 1, 0x02],
  [0xff, 0xda, ...be16(8), 1, 1, 0, 1, 63, 0],
  [0x78, 0xff, 0x00, 0x9a],
  [0xff, 0xd9],
);

/** A GIF of 1 × 1 pixel with a global colour table and `frames` images (a looping animation beyond one). */
const gif = (frames: number) => {
  const frame = [0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0];
  return concat(
    ascii("GIF89a"),
    [1, 0, 1, 0, 0x80, 0, 0],
    [0, 0, 0, 255, 255, 255],
    [0x21, 0xff, 11, ...ascii("NETSCAPE2.0"), 3, 1, 0, 0, 0],
    ...Array.from({ length: frames }, () => frame),
    [0x3b],
  );
};

const webp = (chunks: number[][]) => {
  const body = [...ascii("WEBP"), ...chunks.flat()];
  return concat(ascii("RIFF"), le32(body.length), body);
};
const riffChunk = (type: string, data: number[]) => [
  ...ascii(type),
  ...le32(data.length),
  ...data,
  ...(data.length % 2 ? [0] : []),
];

const clean = (bytes: Uint8Array) => {
  const result = stillImage(bytes);
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.bytes;
};

describe("stillImage: one clean still picture, whatever was glued to it", () => {
  it("keeps a clean PNG, JPEG, WebP or GIF as it is", () => {
    const lossy = webp([
      riffChunk(
        "VP8 ",
        Array.from({ length: 20 }, () => 1),
      ),
    ]);
    for (const image of [png(), jpeg, lossy, gif(1)]) expect(clean(image)).toEqual(image);
  });

  it("cuts what follows the image's end (a ZIP glued to a PNG, JPEG, WebP or GIF)", () => {
    const lossy = webp([
      riffChunk(
        "VP8 ",
        Array.from({ length: 20 }, () => 1),
      ),
    ]);
    for (const image of [png(), jpeg, lossy, gif(1)]) expect(clean(concat(image, zip))).toEqual(image);
  });

  it("an animated PNG keeps its default image, an animated GIF its first frame", () => {
    const still = png();
    expect(clean(apng(still))).toEqual(still);
    expect(clean(concat(apng(still), zip))).toEqual(still);
    expect(clean(gif(3))).toEqual(gif(1));
  });

  it("refuses an animated WebP, and a picture whose end is missing", () => {
    const animated = webp([
      riffChunk("VP8X", [0x02, 0, 0, 0, 3, 0, 0, 3, 0, 0]),
      riffChunk("ANIM", [0, 0, 0, 0, 0, 0]),
    ]);
    expect(stillImage(animated)).toEqual({ ok: false, problem: "animated" });
    expect(stillImage(png().subarray(0, 40))).toEqual({ ok: false, problem: "broken" });
    expect(stillImage(jpeg.subarray(0, jpeg.length - 2))).toEqual({ ok: false, problem: "broken" });
    expect(stillImage(gif(1).subarray(0, 30))).toEqual({ ok: false, problem: "broken" });
    expect(stillImage(Uint8Array.from(ascii("not an image")))).toEqual({ ok: false, problem: "broken" });
  });
});
