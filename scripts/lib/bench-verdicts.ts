/** The bench's budgets (scripts/bench.ts) as verdicts: one line per budget, and whether every one holds. */

/** The lines to print, one per budget, and whether every judged budget holds (undefined: not measured). */
export const judged = (
  verdicts: Readonly<Record<string, boolean | undefined>>,
): { readonly lines: readonly string[]; readonly passed: boolean } => ({
  lines: Object.entries(verdicts).map(([label, good]) =>
    good === undefined ? `–     ${label} (not measured in this run)` : `${(good ? "ok" : "OVER").padEnd(5)} ${label}`,
  ),
  passed: Object.values(verdicts).every((good) => good !== false),
});
