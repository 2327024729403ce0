/**
 * The page's boot state, carried by attributes of its root element (#root): written into the prerendered HTML
 * (scripts/lib/prerender.ts), read and updated by the entry scripts (main.tsx, start.tsx, static-page.ts) and
 * waited on by the prerendering and the browser tests. Named here once; styles.css hides `#root[data-prerendered]`
 * until the entry has decided. No imports: the tiny entry loads this.
 */
export const BOOT = {
  /** A prerendered page: "pending" in the HTML (hidden), "shown" once the entry keeps it on screen; removed when the app takes over. */
  prerendered: "data-prerendered",
  /** Set once the page works: "" (the app took it over), "static" (kept as prerendered, without the app), "error" (the app could not start). */
  appReady: "data-app-ready",
  /** A page that can work without the app: "page" (the landing) or "check" (a card check, in live mode). */
  static: "data-static",
  /** The app's scripts, asked for once the prerendered page has been shown. */
  scripts: "data-scripts",
  /** "now": a page waiting on the API starts its scripts at once instead of after the first paint. */
  start: "data-start",
} as const;
