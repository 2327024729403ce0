/**
 * Main-thread CPU time read from Chromium performance traces: what the bench (scripts/bench.ts) judges and what
 * `npm run trace:tasks` prints. A task's CPU time is its thread time (the trace's `tdur`), which other processes on a
 * busy host do not inflate, unlike its wall time; multiplied by a slowdown it stands for the same task on a slower
 * phone.
 */
import type { Page } from "puppeteer-core";

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** Thread (CPU) time of the event, µs. */
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: { url?: string } };
}

/** What the bench and trace:tasks record. */
export const CATEGORIES = [
  "-*",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
  "toplevel",
  "disabled-by-default-v8.cpu_profiler",
];

/** Records a trace of `page` around `work`; returns its events. */
export const traced = async (page: Page, work: () => Promise<unknown>): Promise<TraceEvent[]> => {
  await page.tracing.start({ categories: CATEGORIES });
  let buffer: Uint8Array | undefined;
  try {
    await work();
  } finally {
    buffer = await page.tracing.stop();
  }
  const text = Buffer.from(buffer ?? new Uint8Array()).toString("utf8");
  return text ? (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents : [];
};

/**
 * The main thread of the page that parsed `origin`'s HTML, and where the parsing began. A navigation may start in
 * one renderer and commit in another, both parsing the address: the page's is the one that painted, the busiest if
 * several did.
 */
export const pageThread = (events: readonly TraceEvent[], origin: string) => {
  const parses = events.filter(
    (e) => e.name === "ParseHTML" && String(e.args?.beginData?.url ?? "").startsWith(origin),
  );
  const painted = (pid: number) => events.some((e) => e.name === "firstContentfulPaint" && e.pid === pid);
  const taskCount = (parse: TraceEvent) => tasksOf(events, parse).length;
  const parse = [...parses].sort(
    (a, b) => Number(painted(b.pid)) - Number(painted(a.pid)) || taskCount(b) - taskCount(a),
  )[0];
  if (!parse) throw new Error(`no ParseHTML of ${origin} in the trace`);
  const first = parses.find((e) => e.pid === parse.pid && e.tid === parse.tid) ?? parse;
  return { pid: parse.pid, tid: parse.tid, start: first.ts };
};

/** The main thread's top-level tasks (`RunTask`) of `thread`. */
export const tasksOf = (events: readonly TraceEvent[], thread: { pid: number; tid: number }): TraceEvent[] =>
  events.filter((e) => e.ph === "X" && e.name === "RunTask" && e.pid === thread.pid && e.tid === thread.tid);

/** A task's CPU time in ms (its wall time where the trace gave no thread time). */
export const cpuMs = (task: TraceEvent): number => (task.tdur ?? task.dur ?? 0) / 1000;

export interface CpuFigures {
  /** The longest task's CPU time, ms. */
  readonly longestMs: number;
  /** The sum of the tasks' CPU time, ms. */
  readonly busyMs: number;
}

const figuresOf = (tasks: readonly TraceEvent[]): CpuFigures => ({
  longestMs: Math.max(0, ...tasks.map(cpuMs)),
  busyMs: tasks.reduce((sum, task) => sum + cpuMs(task), 0),
});

/** What a task did, by its longest event: the kinds of work a page's busy time is made of. */
const WORK: readonly (readonly [RegExp, string])[] = [
  [/^v8\.callFunction$|^FunctionCall$|^EventDispatch|^TimerFire$|^FireAnimationFrame$|^FireIdleCallback$/, "script"],
  [/^v8\.evaluateModule$|^EvaluateScript$|^v8\.compile/, "script evaluation and compilation"],
  [/^UpdateLayoutTree$|^Layout$|^RecalculateStyles$|^ParseAuthorStyleSheet$/, "style and layout"],
  [/^Paint$|^PrePaint$|^Layerize$|^Commit$/, "paint"],
  [/GC/, "garbage collection"],
];

export interface LoadFigures extends CpuFigures {
  /** The busy time by kind of work (ms of CPU): what stands in the way of the budget. */
  readonly work: Readonly<Record<string, number>>;
}

/** The busy time of `tasks` (a thread's) by kind of work, each task named by its longest piece of known work. */
const workOf = (events: readonly TraceEvent[], tasks: readonly TraceEvent[]): Record<string, number> => {
  const thread = tasks[0];
  if (!thread) return {};
  const inside = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X")
    .sort((a, b) => a.ts - b.ts);
  const firstAtOrAfter = (ts: number) => {
    let low = 0;
    let high = inside.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((inside[middle]?.ts ?? Infinity) < ts) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const work: Record<string, number> = {};
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    // The task's longest piece of known work; a task with none is the browser's own (messages, scheduling).
    let longest: { readonly kind: string; readonly dur: number } | undefined;
    for (let i = firstAtOrAfter(task.ts); i < inside.length && inside[i]!.ts < end; i++) {
      const event = inside[i]!;
      const known = WORK.find(([pattern]) => pattern.test(event.name))?.[1];
      if (known && (!longest || (event.dur ?? 0) > longest.dur)) longest = { kind: known, dur: event.dur ?? 0 };
    }
    const kind = longest?.kind ?? "the browser's own work (messages, network, scheduling)";
    work[kind] = (work[kind] ?? 0) + cpuMs(task);
  }
  return work;
};

/**
 * A page load's main-thread CPU after its first contentful paint (what a first tap can wait on): its longest task
 * and the sum of its tasks, each task counted whole when it ends after the paint, and that sum by kind of work.
 */
export const cpuAfterFirstPaint = (events: readonly TraceEvent[], origin: string): LoadFigures => {
  const thread = pageThread(events, origin);
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === thread.pid)?.ts ?? thread.start;
  const tasks = tasksOf(events, thread).filter((task) => task.ts + (task.dur ?? 0) > fcp);
  return { ...figuresOf(tasks), work: workOf(events, tasks) };
};

/** The user-timing mark `name` of the trace (the last one), or undefined. */
const markTs = (events: readonly TraceEvent[], name: string): TraceEvent | undefined =>
  events.filter((e) => e.name === name && e.cat.includes("blink.user_timing")).at(-1);

/**
 * The main-thread CPU between two user-timing marks of the page (`from`: set in the input's task, `to`: once its
 * answer is painted): every task that ends after the first and starts before the second, and its kinds of work.
 */
export const cpuBetweenMarks = (events: readonly TraceEvent[], from: string, to: string): LoadFigures => {
  const start = markTs(events, from);
  const end = markTs(events, to);
  if (!start || !end) throw new Error(`marks ${from} and ${to} not both in the trace`);
  const tasks = tasksOf(events, start).filter((task) => task.ts + (task.dur ?? 0) > start.ts && task.ts < end.ts);
  return { ...figuresOf(tasks), work: workOf(events, tasks) };
};
