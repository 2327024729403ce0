import { describe, expect, it } from "vitest";
import { judged } from "../../scripts/lib/bench-verdicts";

/** The bench's budgets (scripts/bench.ts), one line each. */
describe("the bench's verdicts", () => {
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
});
