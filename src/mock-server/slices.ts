/**
 * Long work (seeding 30,000 demands, indexing them) written as a generator that yields between small steps,
 * run either at once (tests, Node) or in slices of a few milliseconds with the browser free in between: a
 * phone then never sees one long task while the demo backend starts (issue #18, back-office budget).
 */
import { nextTask } from "../browser/next-task";

export type Steps<T> = Generator<void, T>;

export const runAtOnce = <T>(steps: Steps<T>): T => {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
};

/** Runs the steps, handing the thread back whenever a slice has taken `sliceMs`. */
export const runInSlices = async <T>(steps: Steps<T>, sliceMs = 4): Promise<T> => {
  // The caller's task has done work of its own already (a request being answered): start in a fresh one.
  await nextTask();
  let started = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - started >= sliceMs) {
      await nextTask();
      started = performance.now();
    }
  }
};
