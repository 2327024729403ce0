/**
 * `npm run bench -- --ab <build A> <build B>` (scripts/bench.ts): two builds measured in turns, so that a busy moment
 * of the host falls on both alike; each build's page loads (CPU), the check page's LCPs and /verify's verdict. A
 * speed device pays for itself when it moves a figure by more than the runs' spread (docs/performance.md).
 */
import type { Browser } from "puppeteer-core";
import { calibrationLine, lowTierSlowdown, type RunCalibration } from "./bench-calibration.ts";
import { verifyInteractions } from "./bench-low-tier.ts";
import { lighthouseRun, loadCpu } from "./bench-pages.ts";
import { medianOf, spreadOf } from "./bench-report.ts";
import type { CpuFigures } from "./bench-trace.ts";

export interface AbBuild {
  readonly name: string;
  /** The build served in live mode, and in live mode with the signed-QR extension. */
  readonly liveUrl: string;
  readonly signedUrl: string;
  /** A signed check URL of the build's signed server. */
  readonly signedCheckUrl: string;
}

export interface AbOptions {
  readonly browser: Browser;
  /** The debugging port of the browser (Lighthouse and the interactions connect to it). */
  readonly port: number;
  readonly runs: number;
  readonly parts: readonly string[];
  readonly pages: readonly string[];
  readonly checkPath: string;
  /** The run's host speed, sampled after each run: its highest sample sets the slowdown, once the runs are over. */
  readonly calibration: RunCalibration;
  /** How a page's path is printed. */
  readonly shown: (path: string) => string;
}

const round = (ms: number) => Math.round(ms);
const range = (values: readonly number[]) =>
  `median ${round(medianOf(values))}, ${round(Math.min(...values))}–${round(Math.max(...values))} (±${spreadOf(values) ?? "?"} %)`;

/** Measures `builds` in turns, `runs` times each, and prints each build's figures with their range and spread. */
export const abRun = async (builds: readonly AbBuild[], o: AbOptions): Promise<void> => {
  const figures = builds.map(() => ({
    loads: new Map<string, CpuFigures[]>(),
    plainLcp: [] as number[],
    signedLcp: [] as number[],
    verdict: [] as number[],
  }));
  for (let run = 0; run < o.runs; run++) {
    for (const [i, build] of builds.entries()) {
      const mine = figures[i]!;
      if (o.parts.includes("loads"))
        for (const path of o.pages) {
          const list = mine.loads.get(path) ?? [];
          list.push(await loadCpu(o.browser, `${build.liveUrl}${path}`));
          mine.loads.set(path, list);
        }
      if (o.parts.includes("lighthouse")) {
        mine.plainLcp.push((await lighthouseRun(o.port, `${build.liveUrl}${o.checkPath}`)).lcpMs);
        mine.signedLcp.push((await lighthouseRun(o.port, build.signedCheckUrl)).lcpMs);
      }
      // The offline checker: a pasted signed URL to its verdict.
      if (o.parts.includes("interactions"))
        mine.verdict.push(
          ...(await verifyInteractions(o.port, build.signedUrl, build.signedCheckUrl, 1, false)).map(({ ms }) => ms),
        );
    }
    await o.calibration.sample();
    console.log(`  A/B run ${run + 1} of ${o.runs}`);
  }
  const slowdown = lowTierSlowdown(o.calibration.host().index);
  console.log(`\n${calibrationLine(o.calibration.host())}`);
  console.log(`A/B, ${o.runs} runs of each build in turns; CPU ms × ${slowdown} (low tier), LCP ms at 4×:`);
  for (const path of o.parts.includes("loads") ? o.pages : []) {
    for (const [i, build] of builds.entries()) {
      const loads = figures[i]!.loads.get(path) ?? [];
      console.log(
        `  ${o.shown(path).padEnd(30)} ${build.name.padEnd(16)} longest ${range(loads.map((l) => l.longestMs * slowdown))}; busy ${range(loads.map((l) => l.busyMs * slowdown))}`,
      );
    }
  }
  for (const [i, build] of o.parts.includes("interactions") ? builds.entries() : [])
    console.log(`  /verify verdict ${build.name.padEnd(16)} ${range(figures[i]!.verdict.map((ms) => ms * slowdown))}`);
  for (const [i, build] of o.parts.includes("lighthouse") ? builds.entries() : [])
    console.log(
      `  check page LCP ${build.name.padEnd(16)} plain ${range(figures[i]!.plainLcp)}; signed ${range(figures[i]!.signedLcp)}`,
    );
};
