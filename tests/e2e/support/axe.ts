import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.0 and 2.1 A and AA, WCAG 2.2 AA: the accessibility bar of every screen. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The rules of those that read colours. A second colour scheme of a page already checked changes only its colours
 * (the same elements, names and layout), so these are the rules that can find something new there.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe's violations on the page, one line each (`label: rule — target html | …`).
 *
 * Legacy mode runs axe.run() in the page, same-origin frames included, instead of runPartial() per frame and
 * finishRun() in a new blank page: the same rules and the same results on every page of this app (its only
 * cross-origin frame is Chromium's own PDF viewer), in a third of the time.
 */
export const axeViolations = async (
  page: Page,
  label: string,
  exclude: readonly string[] = [],
  only: "all" | "colours" = "all",
): Promise<string[]> => {
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  builder = only === "all" ? builder.withTags(TAGS) : builder.withRules(COLOUR_RULES);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${label}: ${v.id} — ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 140)}`).join(" | ")}`,
  );
};
