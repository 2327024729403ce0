import { kindIds } from "../api/kind-ids.ts";

/** A page rendered at build time (scripts/lib/prerender.ts). */
export interface PrerenderedPage {
  /** The URL rendered. */
  readonly path: string;
  /** Where its HTML goes, when not `<path>.html`: a template answering every URL of a parameterised route. */
  readonly file?: string;
  /**
   * The app starts at once and its scripts and data are asked for with the HTML, instead of after the first
   * paint: for a page whose content comes from the API, the answer is what the reader waits for.
   */
  readonly eager?: boolean;
  /**
   * In live mode the page runs without the app: "page" stays this HTML (the landing, src/entry/static-page.ts);
   * "check" draws its check screen into it (src/entry/check-page.ts), whose scripts then come with the HTML instead.
   */
  readonly static?: "page" | "check";
}

/**
 * Public pages whose HTML is rendered at build time: they paint before the scripts run. Only pages that look the
 * same for every visitor until the app takes over: no session, no API answer (the check pages are prerendered
 * in their "checking…" state, one template per kind for every token).
 */
export const prerenderedPages: readonly PrerenderedPage[] = [
  { path: "/", static: "page" },
  { path: "/home", static: "page" },
  { path: "/auth" },
  { path: "/registration" },
  { path: "/privacy" },
  ...kindIds.flatMap((kind) => [{ path: `/registration/${kind}` }, { path: `/terms/${kind}` }]),
  ...kindIds.map((kind) => ({
    path: `/check/${kind}/card/-`,
    file: `check/${kind}/card/[token].html`,
    eager: true,
    static: "check" as const,
  })),
];
