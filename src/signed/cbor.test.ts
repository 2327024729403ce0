import { describe, expect, it } from "vitest";
import { toHex, fromHex } from "./base64url";
import { CborTag, decodeCbor, encodeCbor, type CborValue } from "./cbor";

describe("CBOR (RFC 8949 appendix A examples)", () => {
  it.each([
    [0, "00"],
    [23, "17"],
    [24, "1818"],
    [1000, "1903e8"],
    [1000000, "1a000f4240"],
    [1000000000000, "1b000000e8d4a51000"],
    [-1, "20"],
    [-7, "26"],
    [-1000, "3903e7"],
    ["", "60"],
    ["IETF", "6449455446"],
    ["ü", "62c3bc"],
    [[1, [2, 3], [4, 5]], "8301820203820405"],
  ])("%j encodes as %s and decodes back", (value, hex) => {
    expect(toHex(encodeCbor(value))).toBe(hex);
    expect(decodeCbor(fromHex(hex))).toEqual(value);
  });

  it("maps, byte strings and tags round-trip", () => {
    const value = new CborTag(18, [
      new Map<number | string, never>(),
      new Map<number | string, CborValue>([
        [1, fromHex("0102")],
        ["a", -24],
      ]),
    ]);
    expect(toHex(encodeCbor(value))).toBe("d282a0a2014201026161" + "37");
    expect(decodeCbor(encodeCbor(value))).toEqual(value);
  });

  it.each([
    ["trailing bytes", "0000"],
    ["truncated", "1903"],
    ["indefinite length", "9f01ff"],
    ["a float", "f93c00"],
    ["invalid UTF-8", "61ff"],
    ["a duplicate map key", "a201010101"],
    ["an array longer than its bytes", "9a7fffffff"],
  ])("refuses %s", (_, hex) => {
    expect(() => decodeCbor(fromHex(hex))).toThrow();
  });
});
