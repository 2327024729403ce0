/**
 * Resolves in a new task, so the browser can paint and handle input in between: long start-up work split this
 * way makes no long task on a slow phone (Total Blocking Time). A message channel, not setTimeout, whose 4 ms
 * clamp after a few nested calls would slow the work down for nothing.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
