/**
 * The CPU calibrations of the benchmark (scripts/bench.ts, scripts/trace-tasks.ts). Lighthouse's standard mobile
 * setting slows the CPU 4×, whatever the machine: on a fast host that stands for a mid-range phone. The low tier is
 * calibrated the way Chrome DevTools calibrates its "low-tier mobile" preset: the host's Lighthouse benchmarkIndex
 * divided by that of a Moto G Power 2022 (264), the class of phone most applicants and gate guards carry. The back
 * office is calibrated the same way, on an office PC: a fixed 4× would follow the host's own speed, which moves by a
 * quarter within an hour on a shared host.
 */
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import type { Browser, Page } from "puppeteer-core";
import { traced, type TraceEvent } from "./bench-trace.ts";

/** Lighthouse's standard mobile slowdown. */
export const STANDARD_SLOWDOWN = 4;
/** Chrome DevTools' low-tier phone (Moto G Power 2022) on Lighthouse's benchmarkIndex scale. */
export const LOW_TIER_INDEX = 264;

/**
 * The agents' office PC on the same scale: an ageing machine below Lighthouse's low-end desktop bracket (1,000–1,500,
 * an Intel NUC i3), and what Lighthouse's standard 4× makes of a 3,000 host (the 2-core Xeon the budgets were set on).
 */
export const OFFICE_PC_INDEX = 750;

/** How much slower the host (benchmarkIndex `hostIndex`) must run to be as fast as a machine of `index`, to 0.1. */
const slowdownTo = (index: number, hostIndex: number) => Math.max(1, Math.round((hostIndex / index) * 10) / 10);

/** The slowdown that makes this host (benchmarkIndex `hostIndex`) as fast as a low-tier phone; never below 1. */
export const lowTierSlowdown = (hostIndex: number): number => slowdownTo(LOW_TIER_INDEX, hostIndex);

/** The slowdown that makes this host (benchmarkIndex `hostIndex`) as fast as the office PC; never below 1. */
export const officePcSlowdown = (hostIndex: number): number => slowdownTo(OFFICE_PC_INDEX, hostIndex);

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
 * The least share of its window a sample's task must have had on the CPU to be read on CPU time. Below it the trace
 * did not catch the benchmark's task (a task of 1 ms read against a second's window made a host 4,646× a phone):
 * the sample keeps its wall-clock figure, which a busy host only ever lowers.
 */
const MIN_CPU_SHARE = 0.25;

/**
 * A sample of Lighthouse's benchmarkIndex read on CPU time: the function counts iterations per second of wall time
 * over its own window (`windowMs`, about a second), which a neighbour taking the core halves; its task's thread time
 * (`tdur`, µs) says how much CPU the page had, and the index is the iterations per second of that CPU. The window,
 * not the task's wall time: on a loaded host the task also waits before and after the window, and dividing by that
 * longer time would raise the index above what the host can do.
 */
export const cpuIndex = (wallIndex: number, windowMs: number, task: Pick<TraceEvent, "dur" | "tdur">): number =>
  task.tdur && task.tdur >= windowMs * 1000 * MIN_CPU_SHARE
    ? Math.round((wallIndex * windowMs * 1000) / task.tdur)
    : wallIndex;

const BENCHMARK = `(() => {
  const start = performance.now();
  const index = (${pageFunctions.computeBenchmarkIndex.toString()})();
  return [index, performance.now() - start];
})()`;

/**
 * One sample of the host's benchmarkIndex, measured with Lighthouse's own page function (about a second) in `page`
 * (idle), traced and read on the CPU time its task had (`cpuIndex`).
 */
const benchmarkSample = async (page: Page): Promise<number> => {
  let wall: unknown = [];
  const events = await traced(page, async () => {
    wall = await page.evaluate(BENCHMARK);
  });
  // The benchmark's own task: the one that took the most CPU (about a second; nothing else runs in a blank page).
  // A thread waiting on it (the browser's, the protocol's) has tasks as long but little thread time.
  const task = events
    .filter((e) => e.ph === "X" && e.name === "RunTask")
    .reduce<TraceEvent | undefined>((a, b) => ((b.tdur ?? 0) > (a?.tdur ?? 0) ? b : a), undefined);
  const [index, windowMs] = Array.isArray(wall) ? wall.map(Number) : [];
  return cpuIndex(index ?? 0, windowMs ?? 0, task ?? {});
};

/** The host's benchmarkIndex: the highest of `samples` (at least 5) taken now in `page` (`highestSample`). */
export const hostBenchmarkIndex = async (page: Page, samples = 7): Promise<HostIndex> => {
  await page.goto("about:blank");
  const indexes: number[] = [];
  for (let i = 0; i < Math.max(5, samples); i++) indexes.push(await benchmarkSample(page));
  return highestSample(indexes);
};

/**
 * The calibration of a whole bench run: one idle page kept open for the run, sampled at its start and again between
 * measures, the highest sample of the run counting. A shared host has quiet moments and busy ones (a neighbour on
 * the other half of a core slows a sample down even on CPU time); a few seconds at the start may all fall in a busy
 * stretch, a whole run's worth of samples seldom does, so two runs of the bench take about the same speed.
 */
export interface RunCalibration {
  /** Takes `count` more samples (one by default: about a second). */
  readonly sample: (count?: number) => Promise<void>;
  /** The highest sample so far, and all of them in order. */
  readonly host: () => HostIndex;
  readonly close: () => Promise<void>;
}

export const runCalibration = async (browser: Browser): Promise<RunCalibration> => {
  const page = await browser.newPage();
  await page.goto("about:blank");
  const samples: number[] = [];
  return {
    sample: async (count = 1) => {
      for (let i = 0; i < count; i++) samples.push(await benchmarkSample(page));
    },
    host: () => highestSample(samples),
    close: () => page.close(),
  };
};

/** How a run's calibration is printed: the highest sample, how many there were and their range. */
export const calibrationLine = ({ index, samples }: HostIndex): string =>
  `benchmarkIndex on CPU time ${index}, the highest of ${samples.length} samples taken through the run in one idle page (${Math.min(...samples)}–${Math.max(...samples)}): ${index} ÷ ${LOW_TIER_INDEX} = low tier CPU ×${lowTierSlowdown(index)}; ${index} ÷ ${OFFICE_PC_INDEX} = office PC CPU ×${officePcSlowdown(index)}`;
