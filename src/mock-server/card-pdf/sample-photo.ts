/**
 * A generated ID-style portrait (studio backdrop, head and shoulders) as a base64 PNG, for sample and seed data.
 * Dependency-free so it runs in the browser and in Node: a tiny PNG encoder with stored (uncompressed) deflate.
 */

export interface PortraitStyle {
  readonly skin: string;
  readonly hair: string;
  readonly shirt: string;
  readonly backdrop: string;
  /** 0 short hair, 1 longer hair framing the face. */
  readonly hairLength?: number;
}

const rgbOf = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
};

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const u32 = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const body = new Uint8Array(4 + data.length);
  for (let i = 0; i < 4; i++) body[i] = type.charCodeAt(i);
  body.set(data, 4);
  const out = new Uint8Array(8 + data.length + 4);
  out.set(u32(data.length), 0);
  out.set(body, 4);
  out.set(u32(crc32(body)), 8 + data.length);
  return out;
};

/** zlib stream made of stored deflate blocks (no compression, always valid). */
const zlibStored = (raw: Uint8Array): Uint8Array => {
  const blocks = Math.max(1, Math.ceil(raw.length / 65535));
  const out = new Uint8Array(2 + raw.length + blocks * 5 + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let o = 2;
  for (let b = 0; b < blocks; b++) {
    const start = b * 65535;
    const len = Math.min(65535, raw.length - start);
    out[o++] = b === blocks - 1 ? 1 : 0;
    out[o++] = len & 0xff;
    out[o++] = len >>> 8;
    out[o++] = ~len & 0xff;
    out[o++] = (~len >>> 8) & 0xff;
    out.set(raw.subarray(start, start + len), o);
    o += len;
  }
  let a = 1;
  let d = 0;
  for (const v of raw) {
    a = (a + v) % 65521;
    d = (d + a) % 65521;
  }
  out.set(u32(((d << 16) | a) >>> 0), o);
  return out;
};

/** Encodes 8-bit RGB pixels as a PNG. */
export const encodePng = (width: number, height: number, rgb: Uint8Array): Uint8Array => {
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const ihdr = new Uint8Array([...u32(width), ...u32(height), 8, 2, 0, 0, 0]);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlibStored(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export const bytesToBase64 = (bytes: Uint8Array): string => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    s += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    s += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : "=";
    s += i + 2 < bytes.length ? B64[n & 63]! : "=";
  }
  return s;
};

const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number): boolean =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** Paints a stylised passport portrait (3:4) and returns it as base64 PNG (no data: prefix). */
export const samplePortraitBase64 = (style: PortraitStyle, width = 120, height = 160): string => {
  const [skin, hair, shirt, backdrop] = [style.skin, style.hair, style.shirt, style.backdrop].map(rgbOf) as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ];
  const long = style.hairLength ?? 0;
  const shade = (c: [number, number, number], f: number): [number, number, number] => [c[0] * f, c[1] * f, c[2] * f];

  // Colour of one sample point in unit coordinates (x 0..1, y 0..1.333).
  const at = (x: number, y: number): [number, number, number] => {
    const cx = 0.5;
    const shoulders = inEllipse(x, y, cx, 1.36, 0.52, 0.36);
    const vNeck = shoulders && Math.abs(x - cx) < (1.2 - y) * 0.45 && y < 1.2;
    const collar = shoulders && !vNeck && Math.abs(x - cx) < (1.2 - y) * 0.45 + 0.035 && y < 1.22;
    const ear = inEllipse(x, y, cx - 0.2, 0.58, 0.035, 0.06) || inEllipse(x, y, cx + 0.2, 0.58, 0.035, 0.06);
    const neck = Math.abs(x - cx) < 0.1 && y > 0.66 && y < 1.05;
    const face = inEllipse(x, y, cx, 0.56, 0.2, 0.26);
    const hairTop = inEllipse(x, y, cx, 0.47, 0.235, 0.23) && y < 0.5;
    const hairLong = long > 0 && inEllipse(x, y, cx, 0.62, 0.27, 0.34) && !face;
    if (face && !(hairTop && y < 0.42)) {
      const eye = inEllipse(x, y, cx - 0.08, 0.55, 0.025, 0.014) || inEllipse(x, y, cx + 0.08, 0.55, 0.025, 0.014);
      if (eye) return [40, 30, 28];
      if (inEllipse(x, y, cx, 0.7, 0.06, 0.012)) return shade(skin, 0.7);
      if (inEllipse(x, y, cx - 0.08, 0.525, 0.04, 0.008) || inEllipse(x, y, cx + 0.08, 0.525, 0.04, 0.008)) return hair;
      if (inEllipse(x, y, cx + 0.012, 0.63, 0.022, 0.012)) return shade(skin, 0.82);
      return shade(skin, 1 - Math.max(0, Math.abs(x - cx) - 0.1) * 0.9);
    }
    if (hairTop || hairLong) return hair;
    if (ear) return shade(skin, 0.9);
    if (vNeck) return shade(skin, 0.85);
    if (collar) return [245, 245, 240];
    if (shoulders) return shade(shirt, 1 - Math.abs(x - cx) * 0.5);
    if (neck) return shade(skin, 0.82);
    const g = 1.08 - y * 0.18 - Math.abs(x - cx) * 0.12;
    return shade(backdrop, g);
  };

  const rgb = new Uint8Array(width * height * 3);
  const sub = [0.25, 0.75];
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const sy of sub)
        for (const sx of sub) {
          const c = at((px + sx) / width, (py + sy) / width);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      const i = (py * width + px) * 3;
      rgb[i] = Math.min(255, Math.round(r / 4));
      rgb[i + 1] = Math.min(255, Math.round(g / 4));
      rgb[i + 2] = Math.min(255, Math.round(b / 4));
    }
  }
  return bytesToBase64(encodePng(width, height, rgb));
};
