/**
 * The switches every headless Chromium of the project starts with (browser tests, prerendering, benchmark): no
 * sandbox (containers), no GPU, and none of the browser's own network chatter (QUIC, updates, sync), so what a page
 * asks for and how long it takes is the page's own.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;
