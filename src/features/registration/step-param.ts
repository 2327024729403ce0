/**
 * The wizard's `?step=` search parameter (step-history.ts). Its own module, free of React and XState, because the
 * route reads it in the first-load chunk.
 */

/** A 1-based step number above 1; anything else is the first step. */
export const parseStepParam = (value: unknown): number | undefined => {
  const n = typeof value === "string" && /^[0-9]{1,2}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 2 && n <= 99 ? n : undefined;
};
