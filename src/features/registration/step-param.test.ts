import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { parseStepParam } from "./step-param";

describe("the wizard's step parameter", () => {
  it("names steps from 2 on, as numbers or digit strings", () => {
    expect(parseStepParam(2)).toBe(2);
    expect(parseStepParam("5")).toBe(5);
  });

  it("reads anything else as the first step", () => {
    for (const value of [undefined, null, 1, 0, -3, 2.5, "0x2", " 2", "2a", "", 100, Number.NaN, {}]) {
      expect(parseStepParam(value), inspect(value)).toBeUndefined();
    }
  });
});
