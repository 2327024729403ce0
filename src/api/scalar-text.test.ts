import { describe, expect, it } from "vitest";
import { scalarText } from "./scalar-text";

describe("scalarText", () => {
  it("writes JSON scalars as String does, and nothing as the empty text", () => {
    expect(scalarText("Ngono")).toBe("Ngono");
    expect(scalarText(" ")).toBe(" ");
    expect(scalarText(12)).toBe("12");
    expect(scalarText(0)).toBe("0");
    expect(scalarText(false)).toBe("false");
    expect(scalarText(null)).toBe("");
    expect(scalarText(undefined)).toBe("");
  });

  it("writes a structured value as JSON, never as [object Object]", () => {
    expect(scalarText({ id: 3 })).toBe('{"id":3}');
    expect(scalarText([1, 2])).toBe("[1,2]");
  });
});
