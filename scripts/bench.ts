/**
 * `npm run bench`: builds the app, serves it like production (gzip) on 127.0.0.1, and measures with Lighthouse
 * (mobile settings, Debian Chromium through CHROME_PATH; median of BENCH_RUNS=3 runs) `/`, `/auth`, `/registration/student` and a public
 * check page, in live mode (pointed at the mock API) and in demo mode. Also times the demo backend searching
 * 10,000 demands and checks the reference-data warm start. Prints one table, writes bench/results.json.
 * Not part of `npm test`: it measures, it does not judge (the exit code says whether every budget was met).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { registerTsHooks } from "./lib/ts-hooks.ts";
import { serveStatic } from "./lib/static-server.ts";

registerTsHooks();
const root = join(import.meta.dirname, "..");
const dist = join(root, "dist-bench");
/** Lighthouse runs per page (BENCH_RUNS): each figure printed is the median of these. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const budgets = { firstLoadKb: 120, performance: 95, lcpMs: 1800, tbtMs: 100, cls: 0.05, searchMs: 50, warmStartRequests: 0 };

console.log("Building…");
rmSync(dist, { recursive: true, force: true });
execFileSync(join(root, "node_modules/.bin/vite"), ["build", "--outDir", dist, "--logLevel", "warn"], { cwd: root, stdio: "inherit" });

// Chunks holding the demo backend or the card renderer, found by their markers.
const markers = [/pretender/, /Mirage:/, /FlateDecode/, /fontkit/i];
const assets = join(dist, "assets");
const demoChunks = new Set(
  readdirSync(assets).filter((f) => f.endsWith(".js") && markers.some((m) => m.test(readFileSync(join(assets, f), "utf8")))),
);

const { startMockApi } = await import("./lib/mock-api-server.ts");
const api = await startMockApi({ port: 0 });
const token = api.backend.db.cards("student")[0]?.token ?? "missing";
const live = await serveStatic(dist, { mode: "live", apiBaseUrl: api.url });
const demo = await serveStatic(dist, { mode: "demo" });
const checkPath = `/check/student/card/${encodeURIComponent(token)}`;

const lighthouse = (await import("lighthouse")).default;
const chromeLauncher = await import("chrome-launcher");
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

interface PageResult {
  mode: string;
  path: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  firstLoadKb: number;
  demoBytes: boolean;
  /** Every run's figures; the row shows their medians (Lighthouse's figures vary from run to run). */
  runs?: ReadonlyArray<Omit<PageResult, "mode" | "path" | "runs">>;
}
const results: PageResult[] = [];
interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

try {
  for (const [mode, server] of [["live", live], ["demo", demo]] as const) {
    // Demo mode: the check page needs a token of the browser's own demo database, which differs per run.
    const pages = mode === "live" ? ["/", "/auth", "/registration/student", checkPath] : ["/", "/auth", "/registration/student"];
    for (const path of pages) {
      const runs: Array<Omit<PageResult, "mode" | "path" | "runs">> = [];
      for (let run = 0; run < RUNS; run++) {
        const runner = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        const lhr = runner?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
          (i) => i.resourceType === "Script",
        );
        const names = items.map((i) => new URL(i.url).pathname.split("/").pop() ?? "");
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
          tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
          cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
          // Script bytes as served (gzip -9), without HTTP headers: the same figure whatever the server adds.
          firstLoadKb: Number((names.reduce((sum, n) => sum + gzipSync(readFileSync(join(assets, n)), { level: 9 }).length, 0) / 1024).toFixed(1)),
          demoBytes: names.some((n) => demoChunks.has(n)),
        });
      }
      const median = (pick: (run: (typeof runs)[number]) => number) => {
        const sorted = runs.map(pick).sort((a, b) => a - b);
        return sorted[Math.floor(sorted.length / 2)] ?? NaN;
      };
      results.push({
        mode,
        path: path === checkPath ? "/check/student/card/<token>" : path,
        performance: median((r) => r.performance),
        lcpMs: median((r) => r.lcpMs),
        tbtMs: median((r) => r.tbtMs),
        cls: median((r) => r.cls),
        firstLoadKb: Math.max(...runs.map((r) => r.firstLoadKb)),
        demoBytes: runs.some((r) => r.demoBytes),
        runs,
      });
      console.log(`  measured ${mode} ${path}`);
    }
  }
} finally {
  await chrome.kill();
  await live.close();
  await demo.close();
  api.server.close();
}

// The demo backend answering a search over 10,000 demands per kind.
const { createDemoBackend, dispatch } = await import("../src/mock-server/index.ts");
const bulk = createDemoBackend({ bulk: 10_000 });
const admin = await dispatch(bulk, {
  method: "POST",
  url: new URL("http://127.0.0.1/api/token/"),
  headers: { "content-type": "application/json" },
  body: { type: "json", value: { username: "admin", password: "Admin@2026" } },
});
const access = (admin.body as { access: string }).access;
const searchTimes: number[] = [];
for (let i = 0; i < 40; i++) {
  const started = performance.now();
  const answer = await dispatch(bulk, {
    method: "GET",
    url: new URL(`http://127.0.0.1/student/api/v1/demand/?search=${["21", "A1", "DMSTUD", "zz"][i % 4]}&validated=false&page=2`),
    headers: { authorization: `Bearer ${access}` },
    body: { type: "none" },
  });
  JSON.stringify(answer.body);
  searchTimes.push(performance.now() - started);
}
searchTimes.sort((a, b) => a - b);
const searchMedian = searchTimes[Math.floor(searchTimes.length / 2)] ?? NaN;
const searchP95 = searchTimes[Math.floor(searchTimes.length * 0.95)] ?? NaN;

// Reference-data warm start: a cache younger than 24 h means no request at all.
const { createActor, fromPromise } = await import("xstate");
const { referenceDataMachine, writeReferenceCache } = await import("../src/machines/reference-data.ts");
const { referenceData } = await import("../tests/fixtures/entities.ts");
const store = new Map<string, string>();
const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
writeReferenceCache(storage, referenceData, Date.now());
let warmRequests = 0;
const actor = createActor(
  referenceDataMachine.provide({
    actors: {
      fetchAll: fromPromise(async () => {
        warmRequests += 13;
        return referenceData;
      }),
    },
  }),
  { input: { storage } },
).start();
await new Promise((resolve) => setTimeout(resolve, 50));
const warmLoaded = actor.getSnapshot().context.loaded;
actor.stop();

// The report.
const ok = (good: boolean) => (good ? "ok" : "OVER");
const pad = (v: unknown, n: number) => String(v).padEnd(n);
console.log(`\nMedians of ${RUNS} Lighthouse run(s) per page (mobile, simulated slow 4G):`);
console.log("mode  page                            perf  LCP ms  TBT ms  CLS     JS KB gz  demo/PDF bytes");
for (const r of results) {
  console.log(
    `${pad(r.mode, 6)}${pad(r.path, 32)}${pad(r.performance, 6)}${pad(r.lcpMs, 8)}${pad(r.tbtMs, 8)}${pad(r.cls, 8)}${pad(r.firstLoadKb, 10)}${r.demoBytes ? "yes" : "none"}`,
  );
}
const liveRows = results.filter((r) => r.mode === "live");
const home = liveRows.find((r) => r.path === "/");
const verdicts = {
  [`live first-load JS on / ≤ ${budgets.firstLoadKb} KB gzip`]: (home?.firstLoadKb ?? Infinity) <= budgets.firstLoadKb,
  "live mode loads no miragejs, pdf-lib or fontkit": liveRows.every((r) => !r.demoBytes),
  [`live performance ≥ ${budgets.performance} on each page`]: liveRows.every((r) => r.performance >= budgets.performance),
  [`live LCP ≤ ${budgets.lcpMs} ms`]: liveRows.every((r) => r.lcpMs <= budgets.lcpMs),
  [`live TBT ≤ ${budgets.tbtMs} ms`]: liveRows.every((r) => r.tbtMs <= budgets.tbtMs),
  [`live CLS ≤ ${budgets.cls}`]: liveRows.every((r) => r.cls <= budgets.cls),
  [`demo search over 10,000 demands ≤ ${budgets.searchMs} ms (median ${searchMedian.toFixed(1)}, p95 ${searchP95.toFixed(1)})`]:
    searchP95 <= budgets.searchMs,
  [`reference-data warm start: ${warmRequests} requests, loaded=${warmLoaded}`]: warmRequests === 0 && warmLoaded,
};
console.log("");
for (const [label, good] of Object.entries(verdicts)) console.log(`${ok(good).padEnd(5)} ${label}`);

mkdirSync(join(root, "bench"), { recursive: true });
writeFileSync(
  join(root, "bench/results.json"),
  JSON.stringify({ date: new Date().toISOString(), budgets, pages: results, searchMs: { median: searchMedian, p95: searchP95 }, warmStart: { requests: warmRequests, loaded: warmLoaded }, verdicts }, null, 2) + "\n",
);
console.log("\nWritten bench/results.json");
rmSync(dist, { recursive: true, force: true });
process.exit(Object.values(verdicts).every(Boolean) ? 0 : 1);
