/** Seeded pseudo-random numbers (mulberry32): the same seed always gives the same demo data. */
export interface Rng {
  /** A float in [0, 1). */
  readonly next: () => number;
  /** An integer in [min, max], both included. */
  readonly int: (min: number, max: number) => number;
  readonly pick: <T>(items: ReadonlyArray<T>) => T;
  /** True with probability p. */
  readonly chance: (p: number) => boolean;
  /** A version-4 shaped uuid drawn from this generator (deterministic ids for seeded records). */
  readonly uuid: () => string;
}

/** Two hex digits per byte value: ids are written without a number-to-string call per digit group. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex32 = (n: number): string => `${HEX[n >>> 24]}${HEX[(n >>> 16) & 255]}${HEX[(n >>> 8) & 255]}${HEX[n & 255]}`;

export const createRng = (seed: number): Rng => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const word = () => hex32(Math.floor(next() * 4294967296));
  return {
    next,
    int,
    pick: <T>(items: ReadonlyArray<T>): T => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    chance: (p) => next() < p,
    uuid: () => {
      const h = word() + word() + word() + word();
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[int(0, 3)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
};

/** `count` base64url tokens of `byteCount` bytes each from the platform's cryptographic generator (never the seed). */
export const randomTokens = (count: number, byteCount = 16): string[] => {
  const bytes = new Uint8Array(count * byteCount);
  // getRandomValues fills at most 65,536 bytes per call.
  for (let i = 0; i < bytes.length; i += 65_536) globalThis.crypto.getRandomValues(bytes.subarray(i, i + 65_536));
  return Array.from({ length: count }, (_, i) =>
    bytesToBase64(bytes.subarray(i * byteCount, (i + 1) * byteCount))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, ""),
  );
};

/** 16 bytes from a string (cyrb128: four interleaved 32-bit hashes), for tokens derived from a secret. */
const hash128 = (text: string): Uint8Array => {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const bytes = new Uint8Array(16);
  new DataView(bytes.buffer).setUint32(0, h1 >>> 0);
  new DataView(bytes.buffer).setUint32(4, h2 >>> 0);
  new DataView(bytes.buffer).setUint32(8, h3 >>> 0);
  new DataView(bytes.buffer).setUint32(12, h4 >>> 0);
  return bytes;
};

/**
 * A seeded card's check token, derived from the browser's own random secret (kept with its demo data from the
 * first start): every tab of the browser computes the same tokens, so a QR code printed in one opens in any other,
 * whichever tab seeded the kind first.
 */
export const derivedToken = (secret: string, name: string): string =>
  bytesToBase64(hash128(`${secret}\u0000${name}`))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** base64url of `byteCount` bytes from the platform's cryptographic generator (tokens: never from the seed). */
export const randomToken = (byteCount = 16): string => randomTokens(1, byteCount)[0] ?? "";

export const randomUuid = (): string => globalThis.crypto.randomUUID();

export const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
};
