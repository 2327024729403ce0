/**
 * The signed QR's test vectors (docs/signed-qr-vectors.json) checked with nothing of the app's code: node:crypto for
 * ECDSA and SHA-256, and the plain CBOR reading below, as another implementation (pycose, a Django backend) would.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Vectors {
  jwks: { keys: Array<{ kty: string; crv: string; x: string; y: string; kid: string }> };
  kid_hex: string;
  revocation_list: {
    issued_at: number;
    entries: Array<[string, number, string]>;
    payload_hex: string;
    cose_hex: string;
  };
  vectors: Array<{
    name: string;
    now: string;
    url: string;
    cose_hex: string;
    payload_hex: string;
    claims: Record<string, string | number>;
    expected: { verdict: string };
  }>;
}

const file: Vectors = JSON.parse(readFileSync(new URL("../../docs/signed-qr-vectors.json", import.meta.url), "utf8"));

/** CBOR as RFC 8949 §3 writes it: just what the format uses (ints, strings, arrays, maps, tags). */
type Item = number | string | Buffer | Item[] | Map<Item, Item> | { tag: number; value: Item };
const readCbor = (bytes: Buffer): Item => {
  let pos = 0;
  const item = (): Item => {
    const first = bytes[pos++]!;
    const major = first >> 5;
    const info = first & 31;
    let n = info;
    if (info >= 24) {
      const size = 1 << (info - 24);
      n = Number(bytes.readUIntBE(pos, Math.min(size, 6)));
      pos += size;
    }
    if (major === 0) return n;
    if (major === 1) return -1 - n;
    if (major === 2) return bytes.subarray(pos, (pos += n));
    if (major === 3) return bytes.subarray(pos, (pos += n)).toString("utf8");
    if (major === 4) return Array.from({ length: n }, item);
    if (major === 5) return new Map(Array.from({ length: n }, () => [item(), item()] as [Item, Item]));
    if (major === 6) return { tag: n, value: item() };
    throw new Error(`unexpected CBOR major type ${major}`);
  };
  const value = item();
  expect(pos).toBe(bytes.length);
  return value;
};

const encodeBstrHead = (n: number): Buffer =>
  n < 24 ? Buffer.from([0x40 | n]) : n < 256 ? Buffer.from([0x58, n]) : Buffer.from([0x59, n >> 8, n & 255]);

/** COSE_Sign1 → its parts; the signature checked over Sig_structure ["Signature1", protected, h'', payload]. */
const openSign1 = (hex: string) => {
  const message = readCbor(Buffer.from(hex, "hex"));
  if (typeof message !== "object" || !("tag" in message) || message.tag !== 18 || !Array.isArray(message.value))
    throw new Error("not a tagged COSE_Sign1");
  const [protectedBytes, , payload, signature] = message.value;
  if (!Buffer.isBuffer(protectedBytes) || !Buffer.isBuffer(payload) || !Buffer.isBuffer(signature))
    throw new Error("bad COSE_Sign1");
  const header = readCbor(protectedBytes);
  if (!(header instanceof Map)) throw new Error("bad protected header");
  const kid = header.get(4);
  const sigStructure = Buffer.concat([
    Buffer.from([0x84, 0x6a]),
    Buffer.from("Signature1"),
    encodeBstrHead(protectedBytes.length),
    protectedBytes,
    Buffer.from([0x40]),
    encodeBstrHead(payload.length),
    payload,
  ]);
  return {
    alg: header.get(1),
    kid: Buffer.isBuffer(kid) ? kid.toString("hex") : null,
    payload,
    signature,
    sigStructure,
  };
};

const jwk = file.jwks.keys[0]!;
const publicKey = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: "jwk" });
const genuine = (m: ReturnType<typeof openSign1>) =>
  verify("sha256", m.sigStructure, { key: publicKey, dsaEncoding: "ieee-p1363" }, m.signature);

describe("signed QR vectors, checked outside the app (node:crypto and plain CBOR)", () => {
  it("kid = SHA-256(0x04 ‖ x ‖ y), first 8 bytes, as the JWKS and the headers say", () => {
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url")]);
    const kid = createHash("sha256").update(point).digest().subarray(0, 8);
    expect(kid.toString("hex")).toBe(file.kid_hex);
    expect(Buffer.from(jwk.kid, "base64url").toString("hex")).toBe(file.kid_hex);
  });

  it("the revocation list is signed by the key and says what the file says", () => {
    const list = openSign1(file.revocation_list.cose_hex);
    expect([list.alg, list.kid, genuine(list)]).toEqual([-7, file.kid_hex, true]);
    expect(list.payload.toString("hex")).toBe(file.revocation_list.payload_hex);
    const map = readCbor(list.payload);
    expect(map).toEqual(
      new Map<Item, Item>([
        [1, 1],
        [2, file.revocation_list.issued_at],
        [3, file.revocation_list.entries],
      ]),
    );
  });

  it.each(file.vectors.map((v) => [v.name, v] as const))("%s: signature, claims and verdict", (_, vector) => {
    expect(vector.url.split("#s1.")[1]).toBe(Buffer.from(vector.cose_hex, "hex").toString("base64url"));
    const m = openSign1(vector.cose_hex);
    expect(m.alg).toBe(-7);
    if (m.kid !== file.kid_hex) {
      expect(vector.expected.verdict).toBe("unknownKey");
      return;
    }
    if (!genuine(m)) {
      expect(vector.expected.verdict).toBe("forged");
      return;
    }
    expect(m.payload.toString("hex")).toBe(vector.payload_hex);
    const c = readCbor(m.payload);
    if (!(c instanceof Map)) throw new Error("payload not a map");
    const claims = vector.claims;
    expect(c).toEqual(
      new Map<Item, Item>([
        [1, 1],
        [2, claims.kind!],
        [3, claims.code!],
        [4, claims.register!],
        [5, claims.family_name!],
        [6, claims.given_names!],
        [7, claims.unit!],
        [8, claims.valid_from!],
        [9, claims.valid_until!],
        [10, claims.sequence!],
        [11, claims.issuer!],
      ]),
    );
    const now = Date.parse(vector.now) / 1000;
    const revoked = file.revocation_list.entries.some(
      ([code, below]) => code === c.get(3) && Number(c.get(10)) < below,
    );
    const listDays = Math.floor((now - file.revocation_list.issued_at) / 86_400);
    const verdict = now > Number(c.get(9)) ? "expired" : revoked ? "revoked" : listDays > 7 ? "staleList" : "valid";
    expect(verdict).toBe(vector.expected.verdict);
  });
});
