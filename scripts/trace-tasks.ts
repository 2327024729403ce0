/**
 * `npm run trace:tasks -- <dist-dir>…`: the main thread's long tasks of a built app's page loads and what runs inside
 * them, the figure behind Lighthouse's Total Blocking Time. Lighthouse's simulated TBT hides where the time goes and
 * swings with the machine; this loads each page in Chromium (a phone's viewport, the network not slowed), records a
 * performance trace and prints, per load, every task after the first contentful paint that would pass 50 ms on a
 * phone, with its top self-time functions (function @ chunk) and its kinds of work (script, style, layout, GC…).
 *
 * By default the CPU is not slowed and a task's length is its CPU time on the main thread × 4 (Lighthouse's
 * slowdown): other processes on a busy machine do not inflate that clock (scripts/lib/bench-trace.ts, as the bench
 * reads it). TRACE_CPU=4 slows the CPU through the DevTools protocol and reads wall time instead (TRACE_CLOCK=wall|
 * thread to choose).
 *
 * Pages: live `/registration/student` and a valid card's check page (a first visit: empty cache and storage, like
 * Lighthouse) and the back office's validation screen and student demand list (demo mode, 10,000 extra demands per
 * kind, a signed-in agent whose cache and storage stay, like the bench's runs). TRACE_RUNS loads per page (5),
 * TRACE_PAGES a comma-separated subset (registration,check,validation,list; default registration,validation),
 * TRACE_VERBOSE=1 every trace event inside a task. Builds nothing: pass a build's folder (`vite build --outDir …`;
 * default dist-bench), or several to compare them (their loads alternate, so a busy moment hits all of them alike).
 *
 * `--low-tier`: the bench's low-tier calibration (scripts/lib/bench-calibration.ts) instead of Lighthouse's 4×: the
 * host's benchmarkIndex is measured first, and each task's CPU time × index ÷ 264 is judged, as `npm run bench`
 * does: a task is long once it passes 50 ms at that speed, what a low-tier phone would block on. `--office`: the
 * same with the office PC the bench judges the back office on (index ÷ 750).
 */
import { join, resolve } from "node:path";
import puppeteer, { type Browser, type BrowserContext, type Page } from "puppeteer-core";
import { pendingDemandPathOn, signInOn } from "./lib/bench-backoffice.ts";
import { hostBenchmarkIndex, lowTierSlowdown, officePcSlowdown, STANDARD_SLOWDOWN } from "./lib/bench-calibration.ts";
import { CATEGORIES, pageThread, type TraceEvent } from "./lib/bench-trace.ts";
import { serveStatic } from "./lib/static-server.ts";
import { registerTsHooks } from "./lib/ts-hooks.ts";

registerTsHooks();
const root = join(import.meta.dirname, "..");
/** One build or several (compared load by load): folders of `vite build` output. */
const args = process.argv.slice(2);
/** The calibrated machine a task is judged on, if any: the low tier's phone or the back office's PC. */
const MACHINES = { "--low-tier": ["low tier", lowTierSlowdown], "--office": ["office PC", officePcSlowdown] } as const;
const machine = args.includes("--office")
  ? MACHINES["--office"]
  : args.includes("--low-tier")
    ? MACHINES["--low-tier"]
    : null;
const folders = args.filter((arg) => !(arg in MACHINES));
const dists = (folders.length > 0 ? folders : ["dist-bench"]).map((dir) => resolve(root, dir));
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS ?? 5) || 5);
const PAGES = (process.env.TRACE_PAGES ?? "registration,validation").split(",");
const LONG_MS = 50;

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const short = (url: string) => (url ? (url.split("/").pop() ?? url).replace(/-[\w-]{8}\.js$/, ".js") : "(native)");

/** The long tasks of the main thread that parsed `origin`'s page, and what ran inside them. */
const analyse = (events: TraceEvent[], origin: string) => {
  const threadNames = new Map<string, string>();
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  const parse = pageThread(events, origin);
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  const start = parse.start;
  // Total Blocking Time counts from the first contentful paint on: the prerendered page's own layout comes before.
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === parse.pid)?.ts ?? start;
  const length = (e: TraceEvent) => (CLOCK === "thread" ? (e.tdur ?? e.dur ?? 0) : (e.dur ?? 0));
  const tasks = main.filter(
    (e) => e.ph === "X" && e.name === "RunTask" && length(e) * SCALE > LONG_MS * 1000 && e.ts + (e.dur ?? 0) > fcp,
  );

  // CPU profile samples of that thread: nodes and (time, node) pairs.
  const nodes = new Map<number, ProfileNode>();
  const samples: { t: number; node: number }[] = [];
  const profiles = events.filter((e) => e.name === "Profile" && e.pid === parse.pid && e.tid === parse.tid);
  for (const profile of profiles) {
    let t = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
    for (const chunk of events.filter(
      (e) => e.name === "ProfileChunk" && e.id === profile.id && e.pid === profile.pid,
    )) {
      const data = chunk.args?.data as
        | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
        | undefined;
      for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const ids = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      ids.forEach((id, i) => {
        t += deltas[i] ?? 0;
        samples.push({ t, node: id });
      });
    }
  }
  samples.sort((a, b) => a.t - b.t);

  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = samples.filter((s) => s.t >= task.ts && s.t < end);
    const self = new Map<string, number>();
    const byChunk = new Map<string, number>();
    inside.forEach((s, i) => {
      const next = inside[i + 1]?.t ?? end;
      const ms = (next - s.t) / 1000;
      const frame = nodes.get(s.node)?.callFrame;
      const name = frame
        ? `${frame.functionName || "(anonymous)"} @ ${short(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`
        : "?";
      self.set(name, (self.get(name) ?? 0) + ms);
      // The chunk: the innermost frame with a script URL.
      let n: ProfileNode | undefined = nodes.get(s.node);
      while (n && !n.callFrame.url) n = n.parent === undefined ? undefined : nodes.get(n.parent);
      const chunk = n ? short(n.callFrame.url) : frame?.functionName || "?";
      byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + ms);
    });
    // Kinds of work: the trace's own events directly inside the task (script, style, layout, paint, GC…).
    const kinds = new Map<string, number>();
    for (const e of main) {
      if (e.ph !== "X" || e === task || e.ts < task.ts || e.ts >= end) continue;
      const d = e.args?.data as { url?: string; functionName?: string } | undefined;
      let label: string | null = null;
      if (e.name === "EvaluateScript" || e.name === "v8.evaluateModule") label = `eval ${short(String(d?.url ?? ""))}`;
      else if (e.name === "FunctionCall")
        label = `call ${d?.functionName || "(anon)"} @ ${short(String(d?.url ?? ""))}`;
      else if (
        [
          "UpdateLayoutTree",
          "Layout",
          "Paint",
          "PrePaint",
          "Layerize",
          "MajorGC",
          "MinorGC",
          "V8.GC_SCAVENGER",
          "ParseHTML",
          "ParseAuthorStyleSheet",
          "v8.compileModule",
          "v8.compile",
          "TimerFire",
          "FireAnimationFrame",
          "EventDispatch",
          "RunMicrotasks",
          "HitTest",
          "IntersectionObserverController::computeIntersections",
        ].includes(e.name)
      )
        label = e.name;
      if (!label && process.env.TRACE_VERBOSE) label = `· ${e.name}`;
      if (label) kinds.set(label, (kinds.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${v.toFixed(1)} ${k}`);
    return {
      at: (task.ts - start) / 1000,
      ms: length(task) / 1000,
      chunks: top(byChunk, 5),
      self: top(self, 8),
      kinds: top(kinds, process.env.TRACE_VERBOSE ? 16 : 8),
    };
  });
};

const mobile = async (page: Page) => {
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
};

/** One traced load: navigates, waits for the app and a quiet network, returns the long tasks. */
const traceLoad = async (page: Page, url: string, ready: string) => {
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  await page.tracing.start({ categories: CATEGORIES });
  await page.goto(url, { waitUntil: "networkidle0", timeout: 180_000 });
  await page.waitForSelector(ready, { timeout: 120_000 });
  await new Promise((r) => setTimeout(r, 1500));
  const buffer = await page.tracing.stop();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  const { traceEvents } = JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString("utf8")) as {
    traceEvents: TraceEvent[];
  };
  return analyse(traceEvents, new URL(url).origin);
};

type Task = Awaited<ReturnType<typeof traceLoad>>[number];
const report = (label: string, loads: Task[][]) => {
  const scaleLabel = SCALE === 1 ? "" : ` × ${SCALE}`;
  console.log(
    `\n=== ${label}: ${loads.length} loads, CPU ×${CPU}${machine ? ` (${machine[0]})` : ""}, ${CLOCK} time${SCALE === 1 ? "" : ` × ${SCALE}`}`,
  );
  loads.forEach((tasks, i) => {
    const over = tasks.reduce((s, t) => s + t.ms * SCALE - LONG_MS, 0);
    console.log(
      `-- load ${i + 1}: ${tasks.length} long task(s), longest ${Math.max(0, ...tasks.map((t) => t.ms)).toFixed(0)} ms, Σ(task${scaleLabel} − 50) ${over.toFixed(0)} ms`,
    );
    for (const t of tasks) {
      console.log(`   @${t.at.toFixed(0)} ms: ${t.ms.toFixed(0)} ms`);
      console.log(`      chunks: ${t.chunks.join(" | ")}`);
      console.log(`      work:   ${t.kinds.join(" | ")}`);
      console.log(`      self:   ${t.self.join(" | ")}`);
    }
  });
  const all = loads.flat();
  const longest = Math.max(0, ...all.map((t) => t.ms));
  const over = all.reduce((s, t) => s + t.ms * SCALE - LONG_MS, 0);
  console.log(
    `SUMMARY ${label}: longest ${longest.toFixed(0)} ms, Σ(task${scaleLabel} − 50) over ${loads.length} loads ${over.toFixed(0)} ms, per load [${loads.map((l) => Math.max(0, ...l.map((t) => t.ms)).toFixed(0)).join(", ")}]`,
  );
};

const { startMockApi } = await import("./lib/mock-api-server.ts");
const api = await startMockApi({ port: 0 });
const builds = await Promise.all(
  dists.map(async (dir) => ({
    name: dir.slice(root.length + 1) || dir,
    live: await serveStatic(dir, { mode: "live", apiBaseUrl: api.url }),
    bulkDemo: await serveStatic(dir, { mode: "demo", demoBulk: 10_000, demoLatency: 0 }),
  })),
);
const browser: Browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** With --low-tier or --office, that machine's slowdown from the host's benchmarkIndex, measured now as the bench does. */
const MACHINE_SLOWDOWN = machine
  ? await (async () => {
      const [name, slowdownOf] = machine;
      const page = await browser.newPage();
      const host = await hostBenchmarkIndex(page);
      await page.close();
      console.log(
        `host benchmarkIndex on CPU time ${host.index} (highest of ${host.samples.join(", ")}): ${name} ×${slowdownOf(host.index)}`,
      );
      return slowdownOf(host.index);
    })()
  : null;
/** The CPU slowdown of the loads through the DevTools protocol: TRACE_CPU (1 by default, the CPU's own time read). */
const CPU = Math.max(1, Number(process.env.TRACE_CPU ?? 1) || 1);
/**
 * "thread" (default without throttling): a task's CPU time on the main thread, which other processes on a busy
 * machine do not inflate; "wall": its duration (what Lighthouse reads, on a quiet machine about the same).
 */
const CLOCK = process.env.TRACE_CLOCK ?? (CPU === 1 ? "thread" : "wall");
/**
 * The slowdown a task is judged at: Lighthouse's 4× (a task counts as long once it would exceed 50 ms at that
 * speed), the calibrated machine's (--low-tier, --office), already applied, or TRACE_SCALE (e.g. 8.2: the low tier judged on CPU time, which a
 * busy machine does not inflate).
 */
const SCALE = Number(process.env.TRACE_SCALE ?? 0) || (MACHINE_SLOWDOWN ?? STANDARD_SLOWDOWN) / CPU;

/** Signs the demo admin in (the context keeps the session) and returns the first pending demand's validation path. */
const signIn = async (context: BrowserContext, origin: string) => {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await signInOn(page, origin);
  const href = await pendingDemandPathOn(page, origin);
  await page.close();
  return href;
};

// Builds are loaded in turn within each run, so a busy moment of the machine falls on all of them alike.
try {
  // The phone pages, live: the wizard and the check page a QR scan opens (a valid card of the mock API).
  const card = api.backend.db.cards("student").find((c) => c.valid);
  const livePages = [
    { key: "registration", path: "/registration/student" },
    { key: "check", path: `/check/student/card/${encodeURIComponent(card?.token ?? "")}` },
  ].filter((p) => PAGES.includes(p.key));
  for (const { path } of livePages) {
    const loads = builds.map((): Task[][] => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [i, build] of builds.entries()) {
        // A first visit, as Lighthouse makes it: a fresh context (no cache, no storage).
        const context: BrowserContext = await browser.createBrowserContext();
        const page = await context.newPage();
        await mobile(page);
        loads[i]?.push(await traceLoad(page, `${build.live.url}${path}`, "#root[data-app-ready]"));
        await context.close();
      }
    }
    builds.forEach((build, i) => report(`${build.name}: live ${path}`, loads[i] ?? []));
  }
  // The back office: the validation screen and the student demand list, as the bench's signed-in runs load them.
  const backOffice = [
    { key: "validation", label: "demo validation screen", ready: "#root[data-app-ready] main h1" },
    { key: "list", label: "demo demand list", ready: "#root[data-app-ready] main table tr:nth-child(5) a" },
  ].filter((p) => PAGES.includes(p.key));
  if (backOffice.length > 0) {
    const agents = await Promise.all(
      builds.map(async (build) => {
        const context = await browser.createBrowserContext();
        return { context, href: await signIn(context, build.bulkDemo.url) };
      }),
    );
    for (const { key, label, ready } of backOffice) {
      const loads = builds.map((): Task[][] => []);
      for (let run = 0; run < RUNS; run++) {
        for (const [i, build] of builds.entries()) {
          const agent = agents[i];
          if (!agent) continue;
          // The agent's session and cache stay, as in the bench's signed-in runs.
          const tab = await agent.context.newPage();
          await mobile(tab);
          const path = key === "list" ? "/dashboard/student/demand" : agent.href;
          loads[i]?.push(await traceLoad(tab, `${build.bulkDemo.url}${path}`, ready));
          await tab.close();
        }
      }
      builds.forEach((build, i) => report(`${build.name}: ${label}`, loads[i] ?? []));
    }
  }
} finally {
  await browser.close();
  for (const build of builds) {
    await build.live.close();
    await build.bulkDemo.close();
  }
  api.server.close();
}
