/**
 * A context value its state is only ever entered with (the file of `done`, the draft of `creating`…). Missing, it is
 * a bug in the chart: thrown as one, never passed on as null.
 */
export const required = <T>(value: T | null, what: string): T => {
  if (value === null) throw new Error(`${what} missing: the statechart entered this state without it`);
  return value;
};
