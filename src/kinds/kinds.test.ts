import { describe, expect, it } from "vitest";
import { kindIds } from "../api/kind-ids";
import { kinds } from ".";
import { wizardStepCount } from "./ids";

describe("kind descriptors", () => {
  it("the registry holds one descriptor per kind id, in the ids' order, each under its own id", () => {
    expect(Object.keys(kinds)).toEqual(kindIds);
    for (const kind of kindIds) expect(kinds[kind].id).toBe(kind);
  });

  it("the step count the portal and the landing page announce is the one each wizard shows (data steps + review)", () => {
    for (const kind of kindIds) expect(wizardStepCount[kind]).toBe(kinds[kind].form.steps.length + 1);
  });
});
