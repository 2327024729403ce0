/**
 * The CPU calibrations of the benchmark (scripts/bench.ts, scripts/trace-tasks.ts). Lighthouse's standard mobile
 * setting slows the CPU 4×, whatever the machine: on a fast host that stands for a mid-range phone. The low tier is
 * calibrated the way Chrome DevTools calibrates its "low-tier mobile" preset: the host's Lighthouse benchmarkIndex
 * divided by that of a Moto G Power 2022 (264), the class of phone most applicants and gate guards carry.
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import type { Page } from "puppeteer-core";
import { traced, type TraceEvent } from "./bench-trace.ts";

/** Lighthouse's standard mobile slowdown. */
export const STANDARD_SLOWDOWN = 4;
/** Chrome DevTools' low-tier phone (Moto G Power 2022) on Lighthouse's benchmarkIndex scale. */
export const LOW_TIER_INDEX = 264;

/** The slowdown that makes this host (benchmarkIndex `hostIndex`) as fast as a low-tier phone; never below 1. */
export const lowTierSlowdown = (hostIndex: number): number =>
  Math.max(1, Math.round((hostIndex / LOW_TIER_INDEX) * 10) / 10);

/** The host's speed as the bench takes it: the highest of its samples (the least disturbed moment), and all of them. */
export interface HostIndex {
  readonly index: number;
  readonly samples: readonly number[];
}

/** The highest sample: other processes only ever slow a sample down, so the fastest is the host's own speed. */
export const highestSample = (samples: readonly number[]): HostIndex => ({
  index: samples.length === 0 ? NaN : Math.max(...samples),
  samples,
});

/**
 * A sample of Lighthouse's benchmarkIndex read on CPU time: the function counts iterations per second of wall time,
 * which a neighbour taking the core halves; its task's thread time (`tdur`) over its wall time (`dur`) says how much
 * of that second the page had, and the index is the iterations per second of CPU the page had.
 */
export const cpuIndex = (wallIndex: number, task: Pick<TraceEvent, "dur" | "tdur">): number =>
  task.tdur && task.dur ? Math.round((wallIndex * task.dur) / task.tdur) : wallIndex;

/**
 * The host's benchmarkIndex, measured with Lighthouse's own page function, `samples` times (each takes about a
 * second) in one idle page kept open, each sample traced and read on the CPU time its task had (`cpuIndex`): the
 * highest of them (`highestSample`).
 */
export const hostBenchmarkIndex = async (page: Page, samples = 7): Promise<HostIndex> => {
  const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  await page.goto("about:blank");
  const indexes: number[] = [];
  for (let i = 0; i < Math.max(5, samples); i++) {
    let wall = 0;
    const events = await traced(page, async () => {
      wall = Number(await page.evaluate(source));
    });
    // The benchmark's own task: the one that took the most CPU (about a second; nothing else runs in a blank page).
    // A thread waiting on it (the browser's, the protocol's) has tasks as long but little thread time.
    const task = events
      .filter((e) => e.ph === "X" && e.name === "RunTask")
      .reduce<TraceEvent | undefined>((a, b) => ((b.tdur ?? 0) > (a?.tdur ?? 0) ? b : a), undefined);
    indexes.push(cpuIndex(wall, task ?? {}));
  }
  return highestSample(indexes);
};
