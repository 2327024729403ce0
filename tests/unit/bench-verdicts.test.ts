import { describe, expect, it } from "vitest";
import { everyMeasured, indexRange, judged } from "../../scripts/lib/bench-verdicts";

/** The bench's budgets (scripts/bench.ts): a partial run (BENCH_PAGES) judges only what it measured. */
describe("the bench's verdicts", () => {
  it("judges a budget on the rows it measured, and leaves it out when it measured none", () => {
    expect(everyMeasured([1, 2, 3], (n) => n < 5)).toBe(true);
    expect(everyMeasured([1, 9], (n) => n < 5)).toBe(false);
    expect(everyMeasured([] as number[], (n) => n < 5)).toBeUndefined();
  });

  it("prints each judged budget, says which were not measured, and passes only when every judged one holds", () => {
    const { lines, passed } = judged({ "TBT ≤ 150 ms": true, "performance ≥ 95": undefined, "LCP ≤ 1000 ms": true });
    expect(lines).toEqual([
      "ok    TBT ≤ 150 ms",
      "–     performance ≥ 95 (not measured in this run)",
      "ok    LCP ≤ 1000 ms",
    ]);
    expect(passed).toBe(true);
    expect(judged({ "TBT ≤ 150 ms": false, "LCP ≤ 1000 ms": true }).passed).toBe(false);
  });

  it("gives the range of Lighthouse's benchmarkIndex over the runs, or none when no page was measured", () => {
    expect(indexRange([1456, 1173, 1477])).toEqual({ min: 1173, max: 1477 });
    expect(indexRange([])).toBeNull();
  });
});
