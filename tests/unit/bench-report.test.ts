import { describe, expect, it } from "vitest";
import { agreementWith, agrees, figuresOf, lastRunText, spreadOf, type Row } from "../../scripts/lib/bench-report";

/** A seeded source of runs (the same every time): `spread` around 1,000 ms, or mostly tight with a slow tail. */
const runsFrom = (seed: number) => {
  let state = seed;
  const uniform = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return {
    normal: () => 1000 + 50 * Math.sqrt(-2 * Math.log(uniform() || 1e-9)) * Math.cos(2 * Math.PI * uniform()),
    slowTail: () => 1000 + (uniform() < 0.2 ? 300 * uniform() : 50 * uniform()),
  };
};

describe("the bench's stated spread (docs/performance.md)", () => {
  it("is the runs' range, in per cent of their median: two runs of the bench agree when within it", () => {
    expect(spreadOf([90, 100, 110, 100, 95])).toBe(20);
  });

  it("is never stated narrower than the runs showed: rounded up to the next whole per cent", () => {
    // 1839–1893 is 2.9 % of 1878: stated ±2 %, a run at 1840 would have "differed" from 1893.
    expect(spreadOf([1886, 1839, 1863, 1893, 1878])).toBe(3);
  });

  it("is never narrower than the figure's last digit: a score moves by whole points", () => {
    expect(spreadOf([92, 92, 93, 92, 92])).toBe(2);
    expect(spreadOf([100, 100, 100, 100, 100])).toBe(1);
    expect(spreadOf([8.1, 8.1, 8.2, 8.1, 8.1])).toBe(2);
  });

  it("states none for a single figure or a run without an answer", () => {
    expect(spreadOf([42])).toBeNull();
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([100, -1, 120])).toBeNull();
  });

  it("lets two runs of the very same thing agree on a worst or a median of five almost always", () => {
    const { normal, slowTail } = runsFrom(47);
    const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[2] ?? NaN;
    for (const draw of [normal, slowTail])
      for (const figureOf of [(runs: number[]) => Math.max(...runs), median]) {
        const trials = 4000;
        let agreeing = 0;
        for (let trial = 0; trial < trials; trial++) {
          const [a, b] = [0, 1].map(() => Array.from({ length: 5 }, () => Math.round(draw())));
          const written = (runs: number[] = []) => ({ figure: figureOf(runs), spread: spreadOf(runs) });
          if (agrees(written(a), written(b))) agreeing++;
        }
        expect(agreeing / trials).toBeGreaterThan(0.98);
      }
  });

  it("still tells a build a third slower from the same one", () => {
    const { normal } = runsFrom(31);
    const trials = 4000;
    let agreeing = 0;
    for (let trial = 0; trial < trials; trial++) {
      const before = Array.from({ length: 5 }, () => Math.round(normal()));
      const slower = Array.from({ length: 5 }, () => Math.round(normal() * 1.3));
      const written = (runs: number[]) => ({ figure: Math.max(...runs), spread: spreadOf(runs) });
      if (agrees(written(before), written(slower))) agreeing++;
    }
    expect(agreeing / trials).toBeLessThan(0.05);
  });
});

describe("how a run of the bench compares with the previous one", () => {
  const row = (what: string, runs: number[], figure = Math.max(...runs)): Row => ({
    what,
    runs,
    figure,
    budget: "≤ 200 ms",
    holds: figure <= 200,
  });

  it("reads back the figures and spreads a run wrote, whatever is printed beside them", () => {
    const rows = [
      {
        ...row("wizard: next step (click)", [180, 200, 190, 210, 220]),
        beside: "the worst run: script 170 ms",
      },
      row("/: Lighthouse performance at 4×, median", [100, 98, 100, 100, 100], 100),
    ];
    expect(figuresOf(lastRunText([], rows, 5))).toEqual(
      new Map([
        ["wizard: next step (click)", { figure: 220, spread: 20 }],
        ["/: Lighthouse performance at 4×, median", { figure: 100, spread: 2 }],
      ]),
    );
  });

  it("reads a run written with the time's breakdown inside the row's name", () => {
    const text = [
      "| what | figure | budget | held | runs | spread |",
      "| --- | --- | --- | --- | --- | --- |",
      "| wizard: next step (click) (the worst run: script 341, paint 36 ms) | 382 | ≤ 200 ms | **no** | 382, 254 | ±30 % |",
      "| /: first-load script, gzip -9 | 7.8 | ≤ 120 KB | yes |  |  |",
    ].join("\n");
    expect(figuresOf(text)).toEqual(
      new Map([
        ["wizard: next step (click)", { figure: 382, spread: 30 }],
        ["/: first-load script, gzip -9", { figure: 7.8, spread: null }],
      ]),
    );
  });

  it("agrees when either figure lies within the other ± its spread", () => {
    expect(agrees({ figure: 220, spread: 5 }, { figure: 230, spread: 2 })).toBe(true);
    expect(agrees({ figure: 220, spread: 2 }, { figure: 230, spread: 5 })).toBe(true);
    expect(agrees({ figure: 220, spread: 2 }, { figure: 240, spread: 3 })).toBe(false);
  });

  it("does not judge a figure without runs on a spread, only on being the same", () => {
    expect(agrees({ figure: 7.8, spread: null }, { figure: 7.8, spread: null })).toBe(true);
    expect(agrees({ figure: 7.8, spread: null }, { figure: 8.1, spread: null })).toBe(false);
  });
});

describe("the bench's summary of how a run compares with the previous one", () => {
  it("counts the rows both runs measured and those that agree", () => {
    const previous = new Map([
      ["a", { figure: 100, spread: 5 }],
      ["b", { figure: 100, spread: 5 }],
    ]);
    const now = (what: string, runs: number[]): Row => ({
      what,
      runs,
      figure: Math.max(...runs),
      budget: "≤ 200 ms",
      holds: true,
    });
    expect(agreementWith(previous, [now("a", [100, 102]), now("b", [150, 152]), now("c", [1, 2])])).toEqual({
      agreeing: 1,
      compared: 2,
      differing: ["b: 100: **differs**"],
    });
  });
});
