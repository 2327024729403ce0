import { bytesToBase64 } from "./random";

/**
 * Tiny generated passport-style avatars (PNG, 60×75) for seeded students. Seeded records reference an avatar by
 * number ("avatar:3"), so the database and the persisted snapshot never hold a copy per student.
 */
export const AVATAR_COUNT = 6;
const WIDTH = 60;
const HEIGHT = 75;

type Rgb = readonly [number, number, number];
const backgrounds: Rgb[] = [[214, 228, 240], [236, 226, 208], [222, 236, 222], [240, 222, 226], [226, 222, 240], [232, 232, 232]];
const skins: Rgb[] = [[92, 58, 38], [120, 78, 50], [74, 46, 30], [140, 96, 64], [104, 66, 44], [66, 40, 26]];
const clothes: Rgb[] = [[30, 60, 120], [150, 30, 40], [20, 110, 70], [60, 60, 60], [200, 140, 20], [90, 40, 120]];

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** The parts one after the other (typed-array copies: spreading 13,000 bytes into arrays is slow). */
const concat = (parts: readonly (Uint8Array | readonly number[])[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const typed = concat([Array.from(type, (ch) => ch.charCodeAt(0)), data]);
  return concat([u32(data.length), typed, u32(crc32(typed))]);
};

/** zlib stream of stored (uncompressed) deflate blocks: no compressor needed, and the image is tiny anyway. */
const zlibStored = (raw: Uint8Array): Uint8Array => {
  const parts: (Uint8Array | number[])[] = [[0x78, 0x01]];
  for (let i = 0; i < raw.length || i === 0; i += 0xffff) {
    const block = raw.subarray(i, Math.min(i + 0xffff, raw.length));
    const last = i + 0xffff >= raw.length ? 1 : 0;
    parts.push([last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff], block);
  }
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  parts.push(u32(((b << 16) | a) >>> 0));
  return concat(parts);
};

const pixelOf = (x: number, y: number, index: number): Rgb => {
  const pick = (list: Rgb[]) => list[index % list.length] as Rgb;
  const inHead = (x - 30) ** 2 / 13 ** 2 + (y - 30) ** 2 / 16 ** 2 <= 1;
  const inNeck = Math.abs(x - 30) <= 6 && y >= 42 && y <= 52;
  const inShoulders = y >= 52 && (x - 30) ** 2 / 27 ** 2 + (y - 78) ** 2 / 26 ** 2 <= 1;
  const inHair = (x - 30) ** 2 / 14 ** 2 + (y - 24) ** 2 / 12 ** 2 <= 1 && y < 22;
  if (inHair) return [25, 20, 18];
  if (inHead || inNeck) return pick(skins);
  if (inShoulders) return pick(clothes);
  return pick(backgrounds);
};

const buildAvatar = (index: number): Uint8Array => {
  const raw = new Uint8Array(HEIGHT * (1 + WIDTH * 3));
  let p = 0;
  for (let y = 0; y < HEIGHT; y++) {
    raw[p++] = 0; // filter: none
    for (let x = 0; x < WIDTH; x++) {
      const [r, g, b] = pixelOf(x, y, index);
      raw[p++] = r;
      raw[p++] = g;
      raw[p++] = b;
    }
  }
  const header = new Uint8Array([...u32(WIDTH), ...u32(HEIGHT), 8, 2, 0, 0, 0]);
  return concat([[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], chunk("IHDR", header), chunk("IDAT", zlibStored(raw)), chunk("IEND", new Uint8Array())]);
};

const cache = new Map<number, string>();

/** Base64 PNG (no data: prefix) of avatar `index` (0 … AVATAR_COUNT-1), built once. */
export const avatarBase64 = (index: number): string => {
  const key = ((index % AVATAR_COUNT) + AVATAR_COUNT) % AVATAR_COUNT;
  let value = cache.get(key);
  if (value === undefined) {
    value = bytesToBase64(buildAvatar(key));
    cache.set(key, value);
  }
  return value;
};
