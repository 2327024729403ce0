/**
 * A card's signed QR checked as an outsider would: the demo backend (`npm run mock:api`) serves a card PDF and its
 * published keys over HTTP; `pdftoppm` rasterises the PDF, `zbarimg` (Debian's zbar-tools) reads the QR, the CBOR
 * is read by the plain decoder below and the ES256 signature checked with node:crypto. Nothing of the app's own
 * checker (src/signed) is used: a shared bug there cannot make this pass.
 */
import { execFileSync } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockApi, type MockApi } from "../../scripts/lib/mock-api-server";

/** RFC 8949 §3, just what the format uses: integers, byte and text strings, arrays, maps, tags; definite lengths. */
type Item = number | string | Buffer | Item[] | Map<Item, Item> | { tag: number; value: Item };
const decodeCbor = (bytes: Buffer): Item => {
  let at = 0;
  const next = (): Item => {
    if (at >= bytes.length) throw new Error("CBOR: truncated");
    const first = bytes[at++]!;
    const major = first >> 5;
    const info = first & 0x1f;
    let n: number;
    if (info < 24) n = info;
    else if (info <= 27) {
      const size = 2 ** (info - 24);
      if (at + size > bytes.length) throw new Error("CBOR: truncated");
      n = Number.parseInt(bytes.subarray(at, at + size).toString("hex"), 16);
      at += size;
    } else throw new Error(`CBOR: additional information ${info} not used by the format`);
    switch (major) {
      case 0:
        return n;
      case 1:
        return -1 - n;
      case 2:
        return bytes.subarray(at, (at += n));
      case 3:
        return bytes.subarray(at, (at += n)).toString("utf8");
      case 4:
        return Array.from({ length: n }, next);
      case 5:
        return new Map(Array.from({ length: n }, () => [next(), next()] as [Item, Item]));
      case 6:
        return { tag: n, value: next() };
      default:
        throw new Error(`CBOR: major type ${major} not used by the format`);
    }
  };
  const item = next();
  if (at !== bytes.length) throw new Error("CBOR: trailing bytes");
  return item;
};

/** A byte string's CBOR head (RFC 8949 §3.1, major type 2). */
const bstr = (b: Buffer): Buffer => {
  const head =
    b.length < 24 ? [0x40 | b.length] : b.length < 256 ? [0x58, b.length] : [0x59, b.length >> 8, b.length & 255];
  return Buffer.concat([Buffer.from(head), b]);
};

/** RFC 9052 §4.4: ["Signature1", protected, h'', payload], as CBOR. */
const sigStructure = (protectedBytes: Buffer, payload: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from([0x84, 0x6a]),
    Buffer.from("Signature1"),
    bstr(protectedBytes),
    bstr(Buffer.alloc(0)),
    bstr(payload),
  ]);

interface Jwk {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  demo?: boolean;
  valid_from?: string;
  valid_until?: string;
}

let api: MockApi;
let work: string;
let auth: Record<string, string>;
beforeAll(async () => {
  api = await startMockApi({ host: "127.0.0.1", port: 0, siteUrl: "https://cartes.univ.test" });
  const signedIn = await fetch(`${api.url}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
  });
  auth = { authorization: `Bearer ${((await signedIn.json()) as { access: string }).access}` };
  work = mkdtempSync(join(tmpdir(), "signed-card-"));
});
afterAll(async () => {
  await api.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every QR zbar finds on the PDF's pages, as text. */
const qrCodesOf = (pdf: Buffer): string[] => {
  writeFileSync(join(work, "card.pdf"), pdf);
  execFileSync("/usr/bin/pdftoppm", ["-png", "-r", "300", join(work, "card.pdf"), join(work, "page")]);
  return readdirSync(work)
    .filter((name) => name.startsWith("page") && name.endsWith(".png"))
    .flatMap((name) => {
      try {
        return execFileSync(
          "/usr/bin/zbarimg",
          ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", join(work, name)],
          {
            encoding: "utf8",
            stdio: ["ignore", "pipe", "ignore"],
          },
        )
          .split("\n")
          .filter(Boolean);
      } catch {
        return []; // zbarimg exits 4 on a page without a barcode
      }
    });
};

describe("a card PDF's signed QR, checked with zbar, a plain CBOR reader and node:crypto", () => {
  it("carries the check URL and a COSE_Sign1 whose ES256 signature verifies with the published JWKS", async () => {
    const cards = (await (await fetch(`${api.url}/student/api/v1/card/`, { headers: auth })).json()) as {
      results: Array<{ id: number | string; code: string; valid: boolean; lastname?: string; firstname?: string }>;
    };
    const card = cards.results.find((c) => c.valid)!;
    const pdf = Buffer.from(
      await (await fetch(`${api.url}/student/api/v1/card/${card.id}/pdf/`, { headers: auth })).arrayBuffer(),
    );
    const jwks = (await (await fetch(`${api.url}/student/api/v1/signed-qr/keys/`)).json()) as { keys: Jwk[] };

    const codes = qrCodesOf(pdf);
    expect(codes).toHaveLength(1);
    const url = new URL(codes[0]!);
    expect(url.origin).toBe("https://cartes.univ.test");
    expect(url.pathname).toMatch(/^\/check\/student\/card\/[^/]+$/);
    expect(url.hash.startsWith("#s1.")).toBe(true);

    const message = decodeCbor(Buffer.from(url.hash.slice(4), "base64url"));
    if (typeof message !== "object" || !("tag" in message) || message.tag !== 18 || !Array.isArray(message.value))
      throw new Error("not a tagged COSE_Sign1");
    const [protectedBytes, unprotected, payload, signature] = message.value;
    if (!Buffer.isBuffer(protectedBytes) || !Buffer.isBuffer(payload) || !Buffer.isBuffer(signature))
      throw new Error("COSE_Sign1 parts are not byte strings");
    expect(unprotected).toEqual(new Map());
    const header = decodeCbor(protectedBytes) as Map<Item, Item>;
    expect(header.get(1)).toBe(-7); // ES256
    const kid = header.get(4) as Buffer;

    // The kid names the key: the first 8 bytes of SHA-256 over its uncompressed point.
    const jwk = jwks.keys.find((key) => {
      const point = Buffer.concat([Buffer.from([4]), Buffer.from(key.x, "base64url"), Buffer.from(key.y, "base64url")]);
      return createHash("sha256").update(point).digest().subarray(0, 8).equals(kid);
    });
    expect(jwk, "a published key with the message's kid").toBeDefined();
    expect(jwk).toMatchObject({ kty: "EC", crv: "P-256", kid: kid.toString("base64url"), demo: true });
    const publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: jwk!.x, y: jwk!.y },
      format: "jwk",
    });
    const genuine = (body: Buffer) =>
      verify("sha256", sigStructure(protectedBytes, body), { key: publicKey, dsaEncoding: "ieee-p1363" }, signature);
    expect(genuine(payload)).toBe(true);
    // Not vacuous: one changed byte of the payload and the signature fails.
    const altered = Buffer.from(payload);
    altered.writeUInt8(altered.readUInt8(altered.length - 1) ^ 1, altered.length - 1);
    expect(genuine(altered)).toBe(false);

    const claims = decodeCbor(payload) as Map<Item, Item>;
    expect(claims.get(1)).toBe(1); // format version
    expect(claims.get(2)).toBe("student");
    expect(claims.get(3)).toBe(card.code);
    const familyName = claims.get(5);
    expect(typeof familyName).toBe("string");
    if (card.lastname !== undefined && typeof familyName === "string")
      expect(card.lastname.startsWith(familyName)).toBe(true);
    expect(claims.get(9)).toBeGreaterThan(claims.get(8) as number);
    expect(payload.length).toBeLessThan(160);
  });
});
