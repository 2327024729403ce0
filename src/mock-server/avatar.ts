import { encodePng } from "./card-pdf/sample-photo";
import { bytesToBase64 } from "./random";

/**
 * Tiny generated passport-style avatars (PNG, 60×75) for seeded students. Seeded records reference an avatar by
 * number ("avatar:3"), so the database and the persisted snapshot never hold a copy per student.
 */
export const AVATAR_COUNT = 6;
const WIDTH = 60;
const HEIGHT = 75;

type Rgb = readonly [number, number, number];
const backgrounds: Rgb[] = [
  [214, 228, 240],
  [236, 226, 208],
  [222, 236, 222],
  [240, 222, 226],
  [226, 222, 240],
  [232, 232, 232],
];
const skins: Rgb[] = [
  [92, 58, 38],
  [120, 78, 50],
  [74, 46, 30],
  [140, 96, 64],
  [104, 66, 44],
  [66, 40, 26],
];
const clothes: Rgb[] = [
  [30, 60, 120],
  [150, 30, 40],
  [20, 110, 70],
  [60, 60, 60],
  [200, 140, 20],
  [90, 40, 120],
];

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
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  let p = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const [r, g, b] = pixelOf(x, y, index);
      rgb[p++] = r;
      rgb[p++] = g;
      rgb[p++] = b;
    }
  }
  return encodePng(WIDTH, HEIGHT, rgb);
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
