/**
 * Print sheets: the time to compose A4 sheets (both sides, crop marks, footer) from 10, 50 and 200 card PDFs, in
 * Node and in Chromium (the browser does it in the product), with the peak memory of each.
 *   node scripts/bench-sheets.ts [--runs 3]
 * Each size is composed `runs` times; the WORST run is judged (budget: 200 cards under 10 s) and printed beside
 * the machine's speed (Lighthouse's benchmarkIndex, measured in each environment before and after). Exits
 * non-zero when over budget.
 */
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";
import { rolldown } from "rolldown";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { loadCardFonts } from "../src/mock-server/card-pdf/fonts.ts";
import { renderCardPdf } from "../src/mock-server/card-pdf/render.ts";
import { sampleCards } from "../src/mock-server/card-pdf/samples.ts";
import { registerTsHooks } from "./lib/ts-hooks.ts";

registerTsHooks();
const { composeSheets } = await import("../src/print/compose.ts");
const { presets } = await import("../src/print/layouts.ts");

const BUDGET_200_MS = 10_000;
const SIZES = [10, 50, 200] as const;
const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Math.max(1, Number(values.runs) || 3);
const computeIndex = pageFunctions.computeBenchmarkIndex as () => number;
const benchmarkIndex = (): number => Math.round(computeIndex());

// The input: 200 distinct card PDFs as the demo backend renders them (all three kinds).
const fonts = await loadCardFonts();
const samples = Object.values(sampleCards());
const pdfs: Uint8Array[] = [];
for (let i = 0; i < Math.max(...SIZES); i++) {
  const card = samples[i % samples.length]!;
  pdfs.push(await renderCardPdf({ ...card, code: `${card.code}-${i}`, lastname: `${card.lastname} ${i}` }, { fonts }));
}
const inputKb = pdfs.reduce((sum, pdf) => sum + pdf.length, 0) / 1024;

const settings = {
  grid: presets[0]!.grid,
  die: presets[0]!.die,
  duplex: true,
  cropMarks: true,
  footer: (page: number, pages: number) => `Bench · page ${page}/${pages}`,
};

interface Row {
  readonly env: "node" | "chromium";
  readonly cards: number;
  readonly worstMs: number;
  readonly bestMs: number;
  readonly peakMb: number;
  readonly outputKb: number;
}
const rows: Row[] = [];
const f = (n: number, digits = 0): string => n.toFixed(digits);

// ── Node ──────────────────────────────────────────────────────────────────────────────────────────────────────
const nodeIndexBefore = benchmarkIndex();
for (const size of SIZES) {
  const times: number[] = [];
  let peak = 0;
  let outputKb = 0;
  for (let run = 0; run < runs; run++) {
    globalThis.gc?.();
    const base = process.memoryUsage().rss;
    let top = base;
    const sampler = setInterval(() => (top = Math.max(top, process.memoryUsage().rss)), 20);
    const t = performance.now();
    const out = await composeSheets(pdfs.slice(0, size), settings);
    times.push(performance.now() - t);
    clearInterval(sampler);
    top = Math.max(top, process.memoryUsage().rss);
    peak = Math.max(peak, top / 1024 / 1024);
    outputKb = out.length / 1024;
  }
  rows.push({
    env: "node",
    cards: size,
    worstMs: Math.max(...times),
    bestMs: Math.min(...times),
    peakMb: peak,
    outputKb,
  });
}
const nodeIndexAfter = benchmarkIndex();

// ── Chromium ──────────────────────────────────────────────────────────────────────────────────────────────────
// The composer bundled as the app ships it (pdf-lib included), run in a blank page.
const bundle = await rolldown({ input: "src/print/compose.ts", platform: "browser", logLevel: "silent" });
const { output } = await bundle.generate({ format: "iife", name: "Sheets" });
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--enable-precise-memory-info", "--js-flags=--expose-gc"],
});
const page = await browser.newPage();
await page.goto("about:blank");
await page.addScriptTag({ content: output[0].code });
await page.evaluate(
  (all: string[]) => {
    (globalThis as unknown as { pdfs: Uint8Array[] }).pdfs = all.map((b64) =>
      Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)),
    );
  },
  pdfs.map((pdf) => Buffer.from(pdf).toString("base64")),
);
const pageIndexBefore = Math.round(Number(await page.evaluate(`(${computeIndex.toString()})()`)));
for (const size of SIZES) {
  const result = await page.evaluate(
    async ({ size, runs, grid }) => {
      const g = globalThis as unknown as {
        pdfs: Uint8Array[];
        gc?: () => void;
        Sheets: { composeSheets: (pdfs: Uint8Array[], o: object) => Promise<Uint8Array> };
      };
      const memory = () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
      const times: number[] = [];
      let peak = 0;
      let outputKb = 0;
      for (let run = 0; run < runs; run++) {
        g.gc?.();
        let top = memory();
        const sampler = setInterval(() => (top = Math.max(top, memory())), 20);
        const t = performance.now();
        const out = await g.Sheets.composeSheets(g.pdfs.slice(0, size), {
          grid,
          duplex: true,
          cropMarks: true,
          footer: (p: number, n: number) => `Bench · page ${p}/${n}`,
        });
        times.push(performance.now() - t);
        clearInterval(sampler);
        peak = Math.max(peak, top, memory());
        outputKb = out.length / 1024;
      }
      return { worst: Math.max(...times), best: Math.min(...times), peakMb: peak / 1024 / 1024, outputKb };
    },
    { size, runs, grid: settings.grid },
  );
  rows.push({
    env: "chromium",
    cards: size,
    worstMs: result.worst,
    bestMs: result.best,
    peakMb: result.peakMb,
    outputKb: result.outputKb,
  });
}
const pageIndexAfter = Math.round(Number(await page.evaluate(`(${computeIndex.toString()})()`)));
await browser.close();

// ── Report ────────────────────────────────────────────────────────────────────────────────────────────────────
console.log(
  `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} cores; ${runs} runs per size, worst run judged`,
);
console.log(
  `benchmarkIndex: node ${nodeIndexBefore}/${nodeIndexAfter}, chromium ${pageIndexBefore}/${pageIndexAfter} (before/after)`,
);
console.log(
  `input: ${pdfs.length} card PDFs, ${f(inputKb / pdfs.length, 1)} kB each; A4, both sides, crop marks, footer`,
);
console.log("env       cards   worst ms    best ms   peak MB   sheets kB");
for (const r of rows) {
  const peakLabel = r.env === "node" ? "rss" : "heap";
  console.log(
    `${r.env.padEnd(9)} ${String(r.cards).padStart(5)} ${f(r.worstMs).padStart(10)} ${f(r.bestMs).padStart(10)} ${f(r.peakMb).padStart(6)} ${peakLabel.padEnd(4)} ${f(r.outputKb).padStart(8)}`,
  );
}
const over = rows.filter((r) => r.cards === 200 && r.worstMs > BUDGET_200_MS);
console.log(
  over.length === 0
    ? `within budget (200 cards ≤ ${BUDGET_200_MS / 1000} s in the worst run, both environments)`
    : `OVER BUDGET: ${over.map((r) => r.env).join(", ")}`,
);
process.exitCode = over.length === 0 ? 0 : 1;
