/**
 * Runs `work` once the browser is idle, or after `timeout` ms at the latest (requestIdleCallback; a short timer in
 * browsers without it). Answers a function that cancels it.
 */
export const whenIdle = (work: () => void, timeout = 2000): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
};
