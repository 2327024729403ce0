import { describe, expect, it } from "vitest";
import { LOW_TIER_INDEX, lowTierSlowdown, tiersOf } from "../../scripts/lib/bench-calibration";

describe("the benchmark's low-tier calibration (docs/performance.md)", () => {
  it("slows the CPU by the host's benchmarkIndex over a Moto G Power 2022's", () => {
    expect(LOW_TIER_INDEX).toBe(264);
    expect(lowTierSlowdown(3600)).toBe(13.6);
    expect(lowTierSlowdown(1000)).toBe(3.8);
  });

  it("never speeds a host slower than the low-tier phone up", () => {
    expect(lowTierSlowdown(200)).toBe(1);
  });

  it("measures both calibrations unless told one", () => {
    expect(tiersOf(undefined)).toEqual(["standard", "low"]);
    expect(tiersOf("both")).toEqual(["standard", "low"]);
    expect(tiersOf("low")).toEqual(["low"]);
    expect(tiersOf("standard")).toEqual(["standard"]);
    expect(() => tiersOf("fast")).toThrow(/standard, low or both/);
  });
});
