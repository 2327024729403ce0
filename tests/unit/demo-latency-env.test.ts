import { describe, expect, it } from "vitest";
import { demoLatencyFromEnv } from "../../build/plugins/demo-latency-env";

describe("CAMPUS_DEMO_LATENCY (docs/deploying.md): the demo backend's answer delay written into config.json", () => {
  it("says nothing when unset or empty (the demo's own 250 ms); reads whole milliseconds from 0 to 10000", () => {
    expect(demoLatencyFromEnv(undefined)).toBeUndefined();
    expect(demoLatencyFromEnv(" ")).toBeUndefined();
    expect(demoLatencyFromEnv("0")).toBe(0);
    expect(demoLatencyFromEnv(" 600 ")).toBe(600);
  });

  it("fails the build on anything else, as the app would refuse it in config.json", () => {
    for (const value of ["-1", "10001", "1.5", "fast", "1e3"])
      expect(() => demoLatencyFromEnv(value), value).toThrow(/CAMPUS_DEMO_LATENCY/);
  });
});
