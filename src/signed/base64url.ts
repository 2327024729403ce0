/** Base64url without padding (RFC 4648 §5), as JWK coordinates and the QR fragment write bytes. */
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export const toBase64url = (bytes: Uint8Array): string => {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    const chars = [n >> 18, (n >> 12) & 63, (n >> 6) & 63, n & 63].map((x) => alphabet[x]).join("");
    out += chars.slice(0, Math.min(4, bytes.length - i + 1));
  }
  return out;
};

/** Null when `text` is not base64url (padding and the standard alphabet's `+` `/` are refused). */
export const fromBase64url = (text: string): Uint8Array | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of text) {
    acc = (acc << 6) | alphabet.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
      acc &= (1 << bits) - 1;
    }
  }
  // Leftover bits must be zero, so that one message has one spelling.
  if ((acc & ((1 << bits) - 1)) !== 0) return null;
  return Uint8Array.from(out);
};

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export const fromHex = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
