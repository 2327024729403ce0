/** The bench's figures (scripts/bench.ts): one row per budget, printed, and written to bench/last-run.md. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

export const medianOf = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

/**
 * The runs' spread: half their range, in per cent of their median (90–110 around 100: ±10 %). Another run of the
 * bench agrees with this one when its figure lies within this figure ± that spread. Null for fewer than two runs or
 * a run without an answer.
 */
export const spreadOf = (runs: readonly number[]): number | null => {
  if (runs.length < 2 || runs.some((v) => v < 0)) return null;
  const median = medianOf(runs);
  return median > 0 ? Math.round(((Math.max(...runs) - Math.min(...runs)) / 2 / median) * 100) : null;
};

const spreadText = (runs: readonly number[]) => {
  const spread = spreadOf(runs);
  return spread === null ? "" : `±${spread} %`;
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

/** Writes bench/last-run.md under `root`: the host's lines and a table of the rows. */
export const writeLastRun = (root: string, machine: readonly string[], rows: readonly Row[], runs: number) => {
  const cell = (text: string | number) => String(text).replaceAll("|", "\\|");
  const report = [
    "# Last figures of `npm run bench`",
    "",
    "Written by `npm run bench` (scripts/bench.ts) at the end of a full run; regenerated, never edited by hand. How",
    "each figure is measured: [docs/performance.md](../docs/performance.md).",
    "",
    ...machine.map((line) => `- ${line}`),
    `- worst of ${runs} runs for CPU times (traced CPU × the slowdown) and LCPs, median of ${runs} for Lighthouse scores`,
    "- spread: half the runs' range in per cent of their median; another run agrees when its figure lies within ± that",
    "",
    "| what | figure | budget | held | runs | spread |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${cell(row.what)}${row.beside ? ` (${cell(row.beside)})` : ""} | ${row.figure} | ${cell(row.budget)} | ${row.holds ? "yes" : "**no**"} | ${row.runs.join(", ")} | ${spreadText(row.runs)} |`,
    ),
    "",
  ].join("\n");
  mkdirSync(join(root, "bench"), { recursive: true });
  writeFileSync(join(root, "bench/last-run.md"), report);
};
