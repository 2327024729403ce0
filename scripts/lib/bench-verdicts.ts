/**
 * The bench's budgets (scripts/bench.ts) as verdicts. A partial run (BENCH_PAGES) judges only what it measured: a
 * budget over rows it did not measure is neither met nor over, and is printed as not measured.
 */

/** Whether every measured row holds; undefined when none was measured. */
export const everyMeasured = <T>(rows: readonly T[], holds: (row: T) => boolean): boolean | undefined =>
  rows.length === 0 ? undefined : rows.every(holds);

/** The lines to print, one per budget, and whether every judged budget holds. */
export const judged = (
  verdicts: Readonly<Record<string, boolean | undefined>>,
): { readonly lines: readonly string[]; readonly passed: boolean } => ({
  lines: Object.entries(verdicts).map(([label, good]) =>
    good === undefined ? `–     ${label} (not measured in this run)` : `${(good ? "ok" : "OVER").padEnd(5)} ${label}`,
  ),
  passed: Object.values(verdicts).every((good) => good !== false),
});

/** The lowest and highest benchmarkIndex Lighthouse recorded over the runs; null when no page was measured. */
export const indexRange = (indexes: readonly number[]): { readonly min: number; readonly max: number } | null =>
  indexes.length === 0 ? null : { min: Math.min(...indexes), max: Math.max(...indexes) };
