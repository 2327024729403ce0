import axe from "axe-core";
import type { Frame, Page } from "@playwright/test";

/** WCAG 2.0 and 2.1 A and AA, WCAG 2.2 AA: the accessibility bar of every screen. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The rules of those that read colours. A second colour scheme of a page already checked changes only its colours
 * (the same elements, names and layout), so these are the rules that can find something new there.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** axe set up for same-origin frames only (axe.run in the page coordinates them), as @axe-core/playwright's legacy mode. */
const CONFIGURE = `;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })`;

/**
 * axe is evaluated once per document, not once per look: evaluating its 550 KB took about 300 ms of the page's CPU
 * each time, and @axe-core/playwright does it twice per analysis, against 40–100 ms for the analysis itself.
 * A frame that does not answer within a second (Chromium's own PDF viewer) is left out, as that tool does.
 */
const ensureAxe = async (frame: Frame) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Script Timeout")), 1000);
  });
  try {
    const present = frame.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
    if (await Promise.race([present, timeout])) return;
    await Promise.race([frame.evaluate(axe.source + CONFIGURE), timeout]);
  } catch {
    // Not scriptable from here (cross-origin, or gone): axe.run in the page reports what it cannot reach.
  } finally {
    clearTimeout(timer);
  }
};

/**
 * axe's violations on the page, one line each (`label: rule — target html | …`).
 *
 * axe.run() in the page, same-origin frames included (the tool's legacy mode, not runPartial() per frame and
 * finishRun() in a new blank page): the same rules and the same results on every page of this app (its only
 * cross-origin frame is Chromium's own PDF viewer), in a fraction of the time.
 */
export const axeViolations = async (
  page: Page,
  label: string,
  exclude: readonly string[] = [],
  only: "all" | "colours" = "all",
): Promise<string[]> => {
  for (const frame of page.frames()) await ensureAxe(frame);
  const options: axe.RunOptions = {
    resultTypes: ["violations"],
    runOnly: only === "all" ? { type: "tag", values: TAGS } : { type: "rule", values: COLOUR_RULES },
  };
  const outcome = await page.evaluate(
    async ({ exclude, options }) => {
      // Colours read mid-transition (a scheme just switched, a hover fading) are neither the old nor the new ones:
      // the transitions under way are taken to their end, where they were going anyway.
      for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
      return (window as unknown as { axe: typeof axe }).axe
        .run(exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document, options)
        .then((results) => ({ error: null, violations: results.violations }))
        .catch((error: unknown) => ({ error: String(error), violations: [] }));
    },
    { exclude: [...exclude], options },
  );
  if (outcome.error !== null) throw new Error(`axe: ${outcome.error}`);
  return outcome.violations.map(
    (v) => `${label}: ${v.id} — ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 140)}`).join(" | ")}`,
  );
};
