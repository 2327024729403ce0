/** Longest wait for a frame: a background tab paints nothing, yet the work should still happen. */
const FRAME_WAIT_MS = 100;
/** After the frame has begun: time for the browser to show it (presentation lags the frame, more on slow phones). */
const SHOW_MS = 100;

/**
 * Resolves once the browser has shown what was just drawn: two animation frames and a short pause, or a short
 * timeout where no frame comes. Work that is not part of what the reader waits for (labels after a verdict) then
 * stays off the network and the main thread until that answer is on screen.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_MS + SHOW_MS);
    if (typeof requestAnimationFrame !== "function") return;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        setTimeout(resolve, SHOW_MS);
      }),
    );
  });

/**
 * Runs `work` once the frame that shows what was just drawn has been produced: work that would force a style and
 * layout pass of its own (a focus move) then leaves the drawing to the frame, in a task of its own.
 */
export const afterFrame = (work: () => void): void => {
  if (typeof requestAnimationFrame !== "function") return work();
  requestAnimationFrame(() => setTimeout(work, 0));
};
