import { describe, expect, it } from "vitest";
import { duplicateNumber } from "./duplicate-number";

describe("a replacement's duplicate number", () => {
  it("the first card is none, the first replacement is N°1, the second N°2", () => {
    expect([undefined, null, 1, 2, 3].map(duplicateNumber)).toEqual([null, null, null, 1, 2]);
  });

  it("a sequence that is not a card count is no duplicate", () => {
    expect([0, -1, 2.5, Number.NaN].map(duplicateNumber)).toEqual([null, null, null, null]);
  });
});
