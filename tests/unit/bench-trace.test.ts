import { describe, expect, it } from "vitest";
import { cpuAfterFirstPaint, cpuBetweenMarks, type TraceEvent } from "../../scripts/lib/bench-trace";

const main = { pid: 1, tid: 7 };
const task = (ts: number, dur: number, tdur: number, thread = main): TraceEvent => ({
  name: "RunTask",
  cat: "disabled-by-default-devtools.timeline",
  ph: "X",
  ts,
  dur,
  tdur,
  ...thread,
});
const events: TraceEvent[] = [
  {
    name: "ParseHTML",
    cat: "devtools.timeline",
    ph: "X",
    ts: 1_000,
    dur: 500,
    ...main,
    args: { beginData: { url: "http://127.0.0.1:9/registration/student" } },
  },
  task(1_000, 2_000, 1_800),
  { name: "firstContentfulPaint", cat: "loading", ph: "I", ts: 5_000, ...main },
  // Ends after the paint: counted whole. A neighbour's wall time (dur) does not count, its CPU (tdur) does.
  task(4_000, 3_000, 2_500),
  { name: "UpdateLayoutTree", cat: "devtools.timeline", ph: "X", ts: 4_100, dur: 2_000, ...main },
  task(10_000, 40_000, 12_000),
  { name: "v8.callFunction", cat: "v8", ph: "X", ts: 10_500, dur: 30_000, ...main },
  task(60_000, 5_000, 4_000),
  { name: "bench-input", cat: "blink.user_timing", ph: "R", ts: 61_000, ...main },
  task(66_000, 9_000, 6_000),
  { name: "bench-painted", cat: "blink.user_timing", ph: "R", ts: 80_000, ...main },
  task(90_000, 1_000, 1_000),
  // Another process's thread.
  task(20_000, 50_000, 50_000, { pid: 2, tid: 3 }),
];

describe("the main thread's CPU time read from a trace", () => {
  it("after the first paint: the longest task and the sum, on thread time, the page's thread only", () => {
    expect(cpuAfterFirstPaint(events, "http://127.0.0.1:9")).toMatchObject({ longestMs: 12, busyMs: 25.5 });
  });

  it("tells the busy time by kind of work, a task's longest event naming it", () => {
    expect(cpuAfterFirstPaint(events, "http://127.0.0.1:9").work).toEqual({
      "style and layout": 2.5,
      script: 12,
      "the browser's own work (messages, network, scheduling)": 11,
    });
  });

  it("between the input's mark and the painted mark: the tasks overlapping that span", () => {
    expect(cpuBetweenMarks(events, "bench-input", "bench-painted")).toMatchObject({ longestMs: 6, busyMs: 10 });
  });

  it("tells an interaction's time by kind of work too: what stands in the way of its budget", () => {
    expect(cpuBetweenMarks(events, "bench-input", "bench-painted").work).toEqual({
      "the browser's own work (messages, network, scheduling)": 10,
    });
  });
});

describe("the page's main thread", () => {
  it("is the renderer that painted the page when two parsed its address (a navigation moved between processes)", () => {
    const other = { pid: 5, tid: 5 };
    const moved: TraceEvent[] = [
      {
        name: "ParseHTML",
        cat: "devtools.timeline",
        ph: "X",
        ts: 500,
        dur: 10,
        ...other,
        args: { beginData: { url: "http://127.0.0.1:9/check" } },
      },
      task(600, 1_000, 1_000, other),
      ...events,
    ];
    expect(cpuAfterFirstPaint(moved, "http://127.0.0.1:9")).toMatchObject({ longestMs: 12, busyMs: 25.5 });
  });
});
