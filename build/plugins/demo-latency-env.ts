/**
 * CAMPUS_DEMO_LATENCY: the demo backend's delay before each answer, in whole milliseconds (config.json
 * `demoLatency`; the demo's own default, 250 ms, stands for a campus network). A trainer may want it longer to show
 * loading states; the browser tests build with 0. A value the app would refuse fails the build instead.
 */
export const demoLatencyFromEnv = (value: string | undefined): number | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  const ms = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(ms >= 0 && ms <= 10_000))
    throw new Error(`CAMPUS_DEMO_LATENCY must be whole milliseconds from 0 to 10000, not "${text}"`);
  return ms;
};
