import { describe, expect, it } from "vitest";
import { parseAmount } from "./amount";

describe("amounts as people write them", () => {
  it.each([
    ["5000", 5000],
    ["5 000", 5000],
    ["5\u00a0000", 5000],
    ["5\u202f000", 5000],
    ["5 000 FCFA", 5000],
    ["5000FCFA", 5000],
    ["5 000 F CFA", 5000],
    ["5 000 F", 5000],
    ["5.000", 5000],
    ["1 250 000 fcfa", 1_250_000],
    ["  0 ", 0],
  ])("%j is %d", (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });

  it.each(["", "   ", "FCFA", "-5000", "2,5", "5.5", "5 000,50", "cinq mille", "5e3", "50 00.0"])(
    "%j is not an amount",
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );
});
