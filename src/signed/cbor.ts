/**
 * The little CBOR (RFC 8949) the signed QR needs: unsigned and negative integers, byte and text strings, arrays,
 * maps and tags, in definite lengths only. Encoding is deterministic (shortest heads, map keys as given), so a
 * payload encodes to the same bytes everywhere; decoding refuses what we never write (floats, indefinite lengths,
 * integers beyond 2^53, trailing bytes), so a crafted message fails early instead of surprising the verifier.
 */

export type CborValue = number | string | Uint8Array | readonly CborValue[] | CborMap | CborTag;
export type CborMap = ReadonlyMap<number | string, CborValue>;

export class CborTag {
  constructor(
    readonly tag: number,
    readonly value: CborValue,
  ) {}
}

export class CborError extends Error {
  override readonly name = "CborError";
}

const MAX_DEPTH = 16;

const head = (out: number[], major: number, n: number): void => {
  if (!Number.isSafeInteger(n) || n < 0) throw new CborError(`length or integer out of range: ${n}`);
  const m = major << 5;
  if (n < 24) out.push(m | n);
  else if (n < 0x100) out.push(m | 24, n);
  else if (n < 0x10000) out.push(m | 25, n >> 8, n & 0xff);
  else if (n < 0x100000000) out.push(m | 26, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  else {
    const hi = Math.floor(n / 0x100000000);
    const lo = n >>> 0;
    out.push(m | 27, 0, (hi >>> 16) & 0xff, (hi >>> 8) & 0xff, hi & 0xff);
    out.push((lo >>> 24) & 0xff, (lo >>> 16) & 0xff, (lo >>> 8) & 0xff, lo & 0xff);
  }
};

const encodeInto = (out: number[], value: CborValue): void => {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new CborError(`not an integer: ${value}`);
    if (value >= 0) head(out, 0, value);
    else head(out, 1, -1 - value);
  } else if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    head(out, 3, bytes.length);
    for (const b of bytes) out.push(b);
  } else if (value instanceof Uint8Array) {
    head(out, 2, value.length);
    for (const b of value) out.push(b);
  } else if (value instanceof CborTag) {
    head(out, 6, value.tag);
    encodeInto(out, value.value);
  } else if (value instanceof Map) {
    head(out, 5, value.size);
    for (const [k, v] of value) {
      encodeInto(out, k);
      encodeInto(out, v);
    }
  } else if (Array.isArray(value)) {
    head(out, 4, value.length);
    for (const item of value) encodeInto(out, item);
  } else {
    throw new CborError("unsupported value");
  }
};

export const encodeCbor = (value: CborValue): Uint8Array => {
  const out: number[] = [];
  encodeInto(out, value);
  return Uint8Array.from(out);
};

class Reader {
  pos = 0;
  constructor(readonly bytes: Uint8Array) {}

  byte(): number {
    const b = this.bytes[this.pos];
    if (b === undefined) throw new CborError("truncated");
    this.pos++;
    return b;
  }

  take(n: number): Uint8Array {
    if (this.pos + n > this.bytes.length) throw new CborError("truncated");
    const slice = this.bytes.slice(this.pos, this.pos + n);
    this.pos += n;
    return slice;
  }

  argument(info: number): number {
    if (info < 24) return info;
    if (info === 24) return this.byte();
    if (info === 25) return this.byte() * 0x100 + this.byte();
    if (info === 26) return ((this.byte() * 0x100 + this.byte()) * 0x100 + this.byte()) * 0x100 + this.byte();
    if (info === 27) {
      let n = 0;
      for (let i = 0; i < 8; i++) n = n * 0x100 + this.byte();
      if (!Number.isSafeInteger(n)) throw new CborError("integer beyond 2^53");
      return n;
    }
    throw new CborError(info === 31 ? "indefinite length" : "reserved additional information");
  }

  item(depth: number): CborValue {
    if (depth > MAX_DEPTH) throw new CborError("nested too deep");
    const initial = this.byte();
    const major = initial >> 5;
    const info = initial & 0x1f;
    if (major === 7) throw new CborError("floats and simple values are not used");
    const n = this.argument(info);
    switch (major) {
      case 0:
        return n;
      case 1:
        return -1 - n;
      case 2:
        return this.take(n);
      case 3:
        try {
          return new TextDecoder("utf-8", { fatal: true }).decode(this.take(n));
        } catch (error) {
          if (error instanceof CborError) throw error;
          throw new CborError("invalid UTF-8");
        }
      case 4: {
        if (n > this.bytes.length - this.pos) throw new CborError("truncated");
        const items: CborValue[] = [];
        for (let i = 0; i < n; i++) items.push(this.item(depth + 1));
        return items;
      }
      case 5: {
        if (n > this.bytes.length - this.pos) throw new CborError("truncated");
        const map = new Map<number | string, CborValue>();
        for (let i = 0; i < n; i++) {
          const key = this.item(depth + 1);
          if (typeof key !== "number" && typeof key !== "string") throw new CborError("map key not a number or text");
          if (map.has(key)) throw new CborError("duplicate map key");
          map.set(key, this.item(depth + 1));
        }
        return map;
      }
      default:
        return new CborTag(n, this.item(depth + 1));
    }
  }
}

/** Decodes exactly one item; bytes after it are an error. */
export const decodeCbor = (bytes: Uint8Array): CborValue => {
  const reader = new Reader(bytes);
  const value = reader.item(0);
  if (reader.pos !== bytes.length) throw new CborError("trailing bytes");
  return value;
};

export const isCborMap = (value: CborValue | undefined): value is CborMap => value instanceof Map;
export const isCborArray = (value: CborValue | undefined): value is readonly CborValue[] => Array.isArray(value);
