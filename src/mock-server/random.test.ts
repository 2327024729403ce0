import { describe, expect, it } from "vitest";
import { randomToken, randomTokens } from "./random";

const decode = (token: string): number[] =>
  Array.from(
    atob(
      token
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(token.length / 4) * 4, "="),
    ),
    (c) => c.charCodeAt(0),
  );

describe("check tokens", () => {
  it("are unpadded base64url of the asked number of random bytes", () => {
    for (const size of [1, 2, 3, 16, 32]) {
      const token = randomToken(size);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decode(token)).toHaveLength(size);
    }
    expect(randomToken()).toHaveLength(22);
  });

  it("come many at once, all different", () => {
    const tokens = randomTokens(10_000);
    expect(tokens).toHaveLength(10_000);
    expect(new Set(tokens).size).toBe(10_000);
    expect(tokens.every((t) => t.length === 22)).toBe(true);
  });
});
