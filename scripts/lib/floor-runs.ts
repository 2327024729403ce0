/**
 * What the floor benchmarks (scripts/bench-lcp-floor.ts, scripts/bench-tbt-floor.ts) share: Debian's Chromium
 * for Lighthouse, and a page's runs summed up as its worst figure, each run's figure and the range of the
 * benchmarkIndex Lighthouse recorded.
 */
import type { LaunchedChrome } from "chrome-launcher";

export const launchChrome = async (): Promise<LaunchedChrome> =>
  (await import("chrome-launcher")).launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });

/**
 * `runs` Lighthouse runs (mobile settings; the CPU slowed by `slowdown`, else Lighthouse's 4×) of `url`, read for
 * one audit, in milliseconds: "worst N ms (runs: …; benchmarkIndex a–b)".
 */
export const floorRuns = async (
  url: string,
  options: { readonly port: number; readonly runs: number; readonly audit: string; readonly slowdown?: number },
): Promise<string> => {
  const lighthouse = (await import("lighthouse")).default;
  const values: number[] = [];
  const indexes: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    const result = await lighthouse(url, {
      port: options.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(options.slowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: options.slowdown } }),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    values.push(Math.round(result.lhr.audits[options.audit]?.numericValue ?? NaN));
    indexes.push(Math.round(result.lhr.environment.benchmarkIndex));
  }
  return `worst ${Math.max(...values)} ms (runs: ${values.join(", ")}; benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)})`;
};
