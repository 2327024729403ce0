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

/** Prints the host's lines and one verdict per row with its runs; true when every budget held. */
export const printRows = (machine: readonly string[], rows: readonly Row[]): boolean => {
  const verdicts = judged(
    Object.fromEntries(rows.map((row) => [`${row.what}: ${row.figure} (${row.budget})`, row.holds])),
  );
  console.log(`\n${machine.join("\n")}\n`);
  for (const [i, line] of verdicts.lines.entries()) {
    console.log(line);
    const row = rows[i];
    if (row && row.runs.length > 0) console.log(`        runs: ${row.runs.join(", ")}`);
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
    "",
    "| what | figure | budget | held | runs |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${cell(row.what)}${row.beside ? ` (${cell(row.beside)})` : ""} | ${row.figure} | ${cell(row.budget)} | ${row.holds ? "yes" : "**no**"} | ${row.runs.join(", ")} |`,
    ),
    "",
  ].join("\n");
  mkdirSync(join(root, "bench"), { recursive: true });
  writeFileSync(join(root, "bench/last-run.md"), report);
};
