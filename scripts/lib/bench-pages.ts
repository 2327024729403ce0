/**
 * The bench's two ways to measure a page (scripts/bench.ts): a traced first visit read for main-thread CPU time
 * (scripts/lib/bench-trace.ts), and a Lighthouse run at the standard 4×.
 */
import type { Browser } from "puppeteer-core";
import { STANDARD_SLOWDOWN } from "./bench-calibration.ts";
import { pageHtml, servingOnce } from "./bench-floor.ts";
import { cpuAfterFirstPaint, traced, type LoadFigures } from "./bench-trace.ts";

/**
 * One traced first visit of `url` (a fresh context: no cache, no storage), at full speed: its CPU after the paint,
 * and the page's final HTML with no script (scripts/lib/bench-floor.ts). With `html`, that HTML answers `url`
 * instead: the load's floor.
 */
export const loadCpu = async (
  browser: Browser,
  url: string,
  html?: string,
): Promise<LoadFigures & { readonly html: string }> => {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const events = await traced(page, () =>
      servingOnce(page, url, html, async () => {
        await page.goto(url, { waitUntil: "networkidle0", timeout: 180_000 });
        // Ready: the app took the page over, or it stays static (the landing, a live check page's verdict).
        await page.waitForSelector("#root[data-app-ready]", { timeout: 120_000 });
        await new Promise((done) => setTimeout(done, 1500));
      }),
    );
    return { ...cpuAfterFirstPaint(events, new URL(url).origin), html: html ?? (await pageHtml(page)) };
  } finally {
    await context.close();
  }
};

export interface LighthouseRun {
  readonly performance: number;
  readonly lcpMs: number;
  readonly benchmarkIndex: number;
  /** The file names of the scripts the page loaded. */
  readonly scripts: readonly string[];
}

/** One Lighthouse run (mobile, simulated slow 4G, CPU 4×) in the Chromium listening on `port`. */
export const lighthouseRun = async (port: number, url: string): Promise<LighthouseRun> => {
  const lighthouse = (await import("lighthouse")).default;
  const runner = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    throttling: { cpuSlowdownMultiplier: STANDARD_SLOWDOWN },
  });
  const lhr = runner?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  const items = (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] })
    ?.items;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    scripts: (items ?? [])
      .filter((item) => item.resourceType === "Script")
      .map((item) => new URL(item.url).pathname.split("/").pop() ?? ""),
  };
};
