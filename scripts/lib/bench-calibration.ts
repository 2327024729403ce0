/**
 * The CPU calibrations of the benchmark (scripts/bench.ts, scripts/trace-tasks.ts). Lighthouse's standard mobile
 * setting slows the CPU 4×, whatever the machine: on a fast host that stands for a mid-range phone. The low tier is
 * calibrated the way Chrome DevTools calibrates its "low-tier mobile" preset: the host's Lighthouse benchmarkIndex
 * divided by that of a Moto G Power 2022 (264), the class of phone most applicants and gate guards carry.
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import type { Page } from "puppeteer-core";

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
 * The host's benchmarkIndex, measured with Lighthouse's own page function, `samples` times (each takes about a
 * second) in one idle page kept open: the highest of them (`highestSample`).
 */
export const hostBenchmarkIndex = async (page: Page, samples = 5): Promise<HostIndex> => {
  const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  await page.goto("about:blank");
  const indexes: number[] = [];
  for (let i = 0; i < Math.max(5, samples); i++) indexes.push(Math.round(Number(await page.evaluate(source))));
  return highestSample(indexes);
};
