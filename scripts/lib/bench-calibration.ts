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

export type Tier = "standard" | "low";
/** BENCH_TIER: which calibrations a run measures (`standard`, `low`, or `both`, the default). */
export const tiersOf = (value: string | undefined): readonly Tier[] => {
  const wanted = (value ?? "both").trim().toLowerCase();
  if (wanted === "" || wanted === "both") return ["standard", "low"];
  if (wanted === "standard" || wanted === "low") return [wanted];
  throw new Error(`BENCH_TIER must be standard, low or both, not "${value}"`);
};

/**
 * The host's benchmarkIndex, measured with Lighthouse's own page function in `page` (each sample takes about a
 * second), the median of `samples`: one busy moment of a shared machine does not set the calibration alone.
 */
export const hostBenchmarkIndex = async (page: Page, samples = 3): Promise<number> => {
  const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  const indexes: number[] = [];
  for (let i = 0; i < samples; i++) indexes.push(Math.round(Number(await page.evaluate(source))));
  indexes.sort((a, b) => a - b);
  return indexes[Math.floor(indexes.length / 2)] ?? NaN;
};
