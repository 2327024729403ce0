import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/**
 * IBM's Equal Access engine (accessibility-checker-engine), a second reader of the back office beside axe: the two
 * compute accessible names and rule sets differently, so a control one accepts the other may flag (a checkbox in a
 * label with no text, whose name comes from aria-label). Its violations on the page, one line each
 * (`label: rule — message — DOM path`).
 */

interface Checker {
  check: (
    document: Document,
    policies: string[],
  ) => Promise<{ results: { ruleId: string; value: [string, string]; message: string; path: { dom: string } }[] }>;
}

const enginePath = createRequire(import.meta.url).resolve("accessibility-checker-engine/ace.js");
let source: Promise<string> | null = null;

/**
 * The rules read here: every control has a name, and a form control a label, that this engine reads as axe does;
 * every landmark is named where it must be.
 */
const RULES = new Set([
  "input_label_exists",
  "input_label_visible",
  "label_content_exists",
  "label_ref_valid",
  "label_name_visible",
  "aria_accessiblename_exists",
  "aria_complementary_labelled",
]);

export const equalAccessViolations = async (page: Page, label: string): Promise<string[]> => {
  source ??= readFile(enginePath, "utf8");
  if (!(await page.evaluate(() => "ace" in window))) await page.evaluate(await source);
  const results = await page.evaluate(async () => {
    const { ace } = window as unknown as { ace: { Checker: new () => Checker } };
    const report = await new ace.Checker().check(document, ["IBM_Accessibility"]);
    return report.results
      .filter((result) => result.value[0] === "VIOLATION" && result.value[1] === "FAIL")
      .map((result) => ({ ruleId: result.ruleId, message: result.message, dom: result.path.dom }));
  });
  return results
    .filter((result) => RULES.has(result.ruleId))
    .map((result) => `${label}: ${result.ruleId} — ${result.message} — ${result.dom}`);
};
