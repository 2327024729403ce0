import { describe, expect, it } from "vitest";
import { capabilitiesFromEnv } from "../../build/plugins/capabilities-env";

describe("CAMPUS_CAPABILITIES (docs/deploying.md, docs/extensions.md)", () => {
  it("declares nothing when unset; reads a comma list, spaces and repeats forgiven", () => {
    expect(capabilitiesFromEnv(undefined)).toBeUndefined();
    expect(capabilitiesFromEnv("")).toEqual([]);
    expect(capabilitiesFromEnv(" date-filter , date-filter,")).toEqual(["date-filter"]);
  });

  it("fails the build on an unknown name", () => {
    expect(() => capabilitiesFromEnv("date-filter,datefilter")).toThrow(/unknown capabilities datefilter/);
  });
});
