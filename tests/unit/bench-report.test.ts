import { describe, expect, it } from "vitest";
import { spreadOf } from "../../scripts/lib/bench-report";

describe("the bench's stated spread (docs/performance.md)", () => {
  it("is half the runs' range, in per cent of their median: two runs of the bench agree when within it", () => {
    expect(spreadOf([90, 100, 110, 100, 95])).toBe(10);
    expect(spreadOf([200, 200, 200, 200, 200])).toBe(0);
  });

  it("states none for a single figure or a run without an answer", () => {
    expect(spreadOf([42])).toBeNull();
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([100, -1, 120])).toBeNull();
  });
});
