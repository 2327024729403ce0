// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isOneOf } from "./one-of";

describe("isOneOf", () => {
  const states = ["valid", "suspended"] as const;
  it("knows the list's strings and nothing else, whatever the value's type", () => {
    expect(isOneOf(states, "valid")).toBe(true);
    expect(isOneOf(states, "VALID")).toBe(false);
    expect(isOneOf(states, undefined)).toBe(false);
    expect(isOneOf(states, ["valid"])).toBe(false);
  });
});
