/** The bench's figures (scripts/bench.ts): one row per budget, printed, and written to bench/last-run.md. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Measure } from "./bench-interaction.ts";
import { judged } from "./bench-verdicts.ts";

export interface Row {
  readonly what: string;
  /** Each run's figure (ms, or a score). */
  readonly runs: readonly number[];
  readonly figure: number;
  readonly budget: string;
  readonly holds: boolean;
  /** What the budget is measured against, printed beside it (the floor). */
  readonly beside?: string;
}

/** The worst of the runs (a run without an answer, negative, makes it infinite). */
export const worstOf = (values: readonly number[]) => (values.some((v) => v < 0) ? Infinity : Math.max(...values));

/**
 * The floor printed beside a budget (scripts/lib/bench-floor.ts): `what` and the worst of `floors` (ms, already
 * scaled like the figure; a negative one is a run whose floor gave no answer).
 */
export const floorBeside = (what: string, floors: readonly number[]): string => {
  const worst = worstOf(floors);
  const figure = Number.isFinite(worst) ? `${Math.round(worst)} ms (worst of ${floors.length})` : "no answer";
  return `floor: ${what}, ${floors.length > 0 ? figure : "not measured"}`;
};

export const medianOf = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

/**
 * The runs' spread: their range, in per cent of their median (90–110 around 100: ±20 %), rounded up so that it is
 * never stated narrower than the runs showed, and never narrower than the figures' last digit (a score moves by whole
 * points, a p95 written to 0.1 ms by tenths). Another run of the bench agrees with this one when its figure lies
 * within this figure ± that spread. The whole range, not half of it: the worst (or the median) of five runs moves
 * from one run of the bench to the next by less than the range of five almost always; within half of it, two runs
 * of the very same thing differ on about one row in ten, and on one in two when a slow run comes now and then. A
 * third slower still differs. Null for fewer than two runs or a run without an answer.
 */
export const spreadOf = (runs: readonly number[]): number | null => {
  if (runs.length < 2 || runs.some((v) => v < 0)) return null;
  const median = medianOf(runs);
  const lastDigit = runs.every(Number.isInteger) ? 1 : 0.1;
  const range = Math.max(Math.max(...runs) - Math.min(...runs), lastDigit);
  // The small allowance keeps a float's last bit (10.000000000000002 %) from adding a whole per cent.
  return median > 0 ? Math.ceil((range / median) * 100 - 1e-9) : null;
};

const spreadText = (runs: readonly number[]) => {
  const spread = spreadOf(runs);
  return spread === null ? "" : `±${spread} %`;
};

/** Each measure's CPU time × `scale` (a run without an answer stays negative: the worst, infinite). */
const scaled = (runs: readonly Measure[], scale: number) => runs.map(({ ms }) => (ms < 0 ? ms : ms * scale));

/** What the worst of `runs` spent its time on, × `scale`: printed beside a figure over its budget. */
const workOf = (runs: readonly Measure[], scale: number) => {
  const worst = runs.reduce((a, b) => (b.ms > a.ms ? b : a));
  return `the worst run: ${Object.entries(worst.work)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${Math.round(ms * scale)}`)
    .join(", ")} ms`;
};

export interface CpuRowOptions {
  /** For a figure over its budget, print where the worst run's time went. */
  readonly beside?: boolean;
  /** What the runs' floors are (their `floorMs`, scripts/lib/bench-floor.ts), printed beside the figure. */
  readonly floor?: string;
}

/** A budget on CPU time: `runs` are CPU ms at full speed, judged × the `slowdown` of the budget's machine. */
export const cpuTimeRow = (
  what: string,
  runs: readonly Measure[],
  budget: number,
  slowdown: number,
  { beside, floor }: CpuRowOptions = {},
): Row => {
  const times = scaled(runs, slowdown);
  const figure = worstOf(times);
  const holds = figure <= budget;
  const row = {
    what,
    runs: times.map(Math.round),
    figure: Math.round(figure),
    budget: `≤ ${budget} ms`,
    holds,
  };
  const floors = runs.flatMap(({ floorMs }) => (floorMs === undefined ? [] : [{ ms: floorMs, work: {} }]));
  const besides = [
    floor === undefined ? "" : floorBeside(floor, scaled(floors, slowdown)),
    holds || !beside || runs.length === 0 ? "" : workOf(runs, slowdown),
  ].filter(Boolean);
  return besides.length === 0 ? row : { ...row, beside: besides.join("; ") };
};

/** Prints the host's lines and one verdict per row with its runs; true when every budget held. */
export const printRows = (machine: readonly string[], rows: readonly Row[]): boolean => {
  const verdicts = judged(
    Object.fromEntries(rows.map((row) => [`${row.what}: ${row.figure} (${row.budget})`, row.holds])),
  );
  console.log(`\n${machine.join("\n")}\n`);
  for (const [i, line] of verdicts.lines.entries()) {
    console.log(line);
    const row = rows[i];
    if (row && row.runs.length > 0)
      console.log(
        `        runs: ${row.runs.join(", ")}${row.runs.length > 1 ? ` (spread ${spreadText(row.runs)})` : ""}`,
      );
    if (row?.beside) console.log(`        ${row.beside}`);
  }
  return verdicts.passed;
};

/** A row's figure as a run wrote it, and its stated spread (null: a figure without runs). */
export interface Written {
  readonly figure: number;
  readonly spread: number | null;
}

/**
 * Two runs agree on a row when either figure lies within the other ± its run's spread; a figure without runs (a size,
 * a count) agrees only with itself.
 */
export const agrees = (a: Written, b: Written): boolean => {
  if (a.spread === null || b.spread === null) return a.figure === b.figure;
  const within = (x: Written, y: Written) => Math.abs(x.figure - y.figure) <= (x.figure * (x.spread ?? 0)) / 100;
  return within(a, b) || within(b, a);
};

const cell = (text: string | number) => String(text).replaceAll("|", "\\|");
const cellsOf = (line: string) =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replaceAll("\\|", "|"));

/**
 * The figures of a bench/last-run.md, by row: what each row measured (without what was printed beside it, which an
 * older run wrote inside the name) → its figure and spread.
 */
export const figuresOf = (text: string): Map<string, Written> =>
  new Map(
    text
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| what |") && !line.startsWith("| ---"))
      .map((line) => {
        const [what = "", figure = "", , , , spread = ""] = cellsOf(line);
        const name = what.replace(/ \((the worst run|floor)\b.*\)$/, "");
        const stated = /±(\d+) %/.exec(spread);
        return [name, { figure: Number(figure), spread: stated ? Number(stated[1]) : null }] as const;
      }),
  );

/** How a row compares with the same row of the previous run, for the table and the console. */
const comparedWith = (previous: ReadonlyMap<string, Written>, row: Row): string => {
  const before = previous.get(row.what);
  if (!before) return "";
  const now = { figure: row.figure, spread: spreadOf(row.runs) };
  return `${before.figure}: ${agrees(before, now) ? "agrees" : "**differs**"}`;
};

/** How many rows both runs measured, how many of them agree, and the rows that differ (printed). */
export const agreementWith = (previous: ReadonlyMap<string, Written>, rows: readonly Row[]) => {
  const compared = rows.map((row) => [row, comparedWith(previous, row)] as const).filter(([, text]) => text !== "");
  return {
    agreeing: compared.filter(([, text]) => text.endsWith("agrees")).length,
    compared: compared.length,
    differing: compared.filter(([, text]) => !text.endsWith("agrees")).map(([row, text]) => `${row.what}: ${text}`),
  };
};

/** The text of bench/last-run.md: the host's lines and a table of the rows, each beside the previous run's figure. */
export const lastRunText = (
  machine: readonly string[],
  rows: readonly Row[],
  runs: number,
  previous: ReadonlyMap<string, Written> = new Map(),
): string => {
  const { agreeing, compared } = agreementWith(previous, rows);
  return [
    "# Last figures of `npm run bench`",
    "",
    "Written by `npm run bench` (scripts/bench.ts) at the end of a full run; regenerated, never edited by hand. How",
    "each figure is measured: [docs/performance.md](../docs/performance.md).",
    "",
    ...machine.map((line) => `- ${line}`),
    `- worst of ${runs} runs for CPU times (traced CPU × the slowdown) and LCPs, median of ${runs} for Lighthouse scores`,
    "- spread: the runs' range in per cent of their median, rounded up (at least the figures' last digit); another run agrees when its figure lies within ± that",
    compared > 0
      ? `- the previous run (the file this one replaced): agrees on ${agreeing} of ${compared} rows`
      : "- the previous run: none to compare with",
    "",
    "| what | figure | budget | held | runs | spread | previous run | beside it |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${cell(row.what)} | ${row.figure} | ${cell(row.budget)} | ${row.holds ? "yes" : "**no**"} | ${row.runs.join(", ")} | ${spreadText(row.runs)} | ${comparedWith(previous, row)} | ${cell(row.beside ?? "")} |`,
    ),
    "",
  ].join("\n");
};

/**
 * Writes bench/last-run.md under `root`, comparing each row with the file it replaces, and prints how many rows agree
 * with it and those that differ.
 */
export const writeLastRun = (root: string, machine: readonly string[], rows: readonly Row[], runs: number) => {
  const file = join(root, "bench/last-run.md");
  const previous = existsSync(file) ? figuresOf(readFileSync(file, "utf8")) : new Map<string, Written>();
  mkdirSync(join(root, "bench"), { recursive: true });
  writeFileSync(file, lastRunText(machine, rows, runs, previous));
  const { agreeing, compared, differing } = agreementWith(previous, rows);
  if (compared === 0) return;
  console.log(`\nThe previous run (the file this one replaced) agrees on ${agreeing} of ${compared} rows.`);
  for (const row of differing) console.log(`  differs: ${row}`);
};
