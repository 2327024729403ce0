import { describe, expect, it } from "vitest";
import {
  calibrationLine,
  cpuIndex,
  highestSample,
  LOW_TIER_INDEX,
  lowTierSlowdown,
  officePcSlowdown,
} from "../../scripts/lib/bench-calibration";
import { cpuTimeRow } from "../../scripts/lib/bench-report";

describe("the benchmark's low-tier calibration (docs/performance.md)", () => {
  it("slows the CPU by the host's benchmarkIndex over a Moto G Power 2022's", () => {
    expect(LOW_TIER_INDEX).toBe(264);
    expect(lowTierSlowdown(3600)).toBe(13.6);
    expect(lowTierSlowdown(1000)).toBe(3.8);
  });

  it("never speeds a host slower than the low-tier phone up", () => {
    expect(lowTierSlowdown(200)).toBe(1);
  });

  it("judges the back office on an office PC of benchmarkIndex 750: 4× on a 3,000 host", () => {
    expect(officePcSlowdown(3000)).toBe(4);
    expect(officePcSlowdown(2336)).toBe(3.1);
    expect(officePcSlowdown(600)).toBe(1);
  });

  it("gives the back office the same figure when the host runs a quarter slower (a fixed 4× would not)", () => {
    // The same work: 115 ms of CPU on a host of index 3,000, 150 ms once a neighbour's load has it at 2,300.
    const figureOn = (hostIndex: number, cpuMs: number) =>
      cpuTimeRow("back office: validate and next", [{ ms: cpuMs, work: {} }], 200, officePcSlowdown(hostIndex)).figure;
    expect(figureOn(3000, 115)).toBe(460);
    expect(figureOn(2300, 150)).toBe(465);
  });

  it("prints both machines' slowdowns with the host's index", () => {
    expect(calibrationLine(highestSample([2100, 2336, 2029, 2200, 2300]))).toBe(
      "benchmarkIndex on CPU time 2336, the highest of 5 samples taken through the run in one idle page (2029–2336): 2336 ÷ 264 = low tier CPU ×8.8; 2336 ÷ 750 = office PC CPU ×3.1",
    );
  });

  it("takes the host's speed as the highest of its samples: other processes only slow a sample down", () => {
    expect(highestSample([2400, 1700, 2602, 2100, 900])).toEqual({
      index: 2602,
      samples: [2400, 1700, 2602, 2100, 900],
    });
  });

  it("reads a sample on the CPU time its task had: a neighbour that took half the core leaves the index as it was", () => {
    // Lighthouse's function counts iterations per second of wall time over its window of about a second; the task
    // had 0.5 s of CPU in it.
    expect(cpuIndex(1400, 1000, { tdur: 500_000 })).toBe(2800);
    expect(cpuIndex(2800, 1000, { tdur: 1_000_000 })).toBe(2800);
  });

  it("counts the benchmark's own window, not the task's waits around it, which would raise the index", () => {
    // A loaded host: the task lasted 1.18 s of wall time, the benchmark's window 1.0 s of it, with 647 ms of CPU.
    expect(cpuIndex(1538, 1000, { dur: 1_180_000, tdur: 647_000 })).toBe(2377);
  });

  it("keeps the wall-clock sample when the traced task cannot be the benchmark's (too little CPU for its window)", () => {
    // A task with 1 ms of CPU read against a second's window would make the host a thousand times faster.
    expect(cpuIndex(2100, 1000, { dur: 1_000_000, tdur: 1_000 })).toBe(2100);
    expect(cpuIndex(2100, 1000, { dur: 1_000_000, tdur: 240_000 })).toBe(2100);
  });

  it("keeps the wall-clock sample where the trace gave no thread time", () => {
    expect(cpuIndex(2100, 1000, { dur: 1_000_000 })).toBe(2100);
  });
});
