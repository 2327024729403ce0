// @vitest-environment node
/**
 * The wizard's English error messages name the field by the label the applicant reads ("Registration number is
 * required.", not "The register is required."), for every field of the three kinds. The messages docs/spec.md §5
 * quotes keep the spec's words (tests/unit/spec-messages.test.ts guards them): they are the only exceptions.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { referenceData } from "../../tests/fixtures/entities";
import { kinds } from "../kinds";
import type { KindId } from "../api/kind-ids";
import { formFields, initialValues } from "./fields";

const dir = join(import.meta.dirname, "../i18n/locales/en");
const english = new Map(
  readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => [name.slice(0, -".json".length), JSON.parse(readFileSync(join(dir, name), "utf8")) as unknown]),
);
const text = (key: string): string => {
  const [ns = "", path = ""] = key.split(":");
  const found = path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], english.get(ns));
  if (typeof found !== "string") throw new Error(`no English text for ${key}`);
  return found;
};

/** Invalid values a user may type, by input type. */
const invalidSamples: Record<string, readonly string[]> = {
  text: ["x"],
  email: ["nobody@", "x"],
  tel: ["12"],
  date: ["2001-13"],
  textarea: [],
};

/** docs/spec.md §5 quotes these: their wording stays. */
const specQuoted = new Set([
  "The register must contain at least 5 characters.",
  "The register must not exceed 7 characters.",
]);

const kindIds = Object.keys(kinds) as KindId[];

describe.each(kindIds)("English wizard errors for %s", (kind) => {
  const form = kinds[kind].form;
  const values = initialValues(form);
  const env = { values, referenceData, today: new Date(2026, 4, 15) };

  it.each(
    formFields(form)
      .filter((field) => field.required)
      .map((field) => [field.name, field] as const),
  )("%s: the required message starts with the field's label", (_name, field) => {
    const key = field.validate(field.input.type === "select" || field.input.type === "enum" ? null : "", env);
    if (key === null) return; // required only with some choices (the level)
    const label = text(field.labelKey);
    expect(text(key)).toMatch(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} (is|are) required`));
  });

  it.each(
    formFields(form)
      .filter((field) => (invalidSamples[field.input.type]?.length ?? 0) > 0)
      .map((field) => [field.name, field] as const),
  )("%s: an invalid value's message names the field by its label", (_name, field) => {
    for (const sample of invalidSamples[field.input.type] ?? []) {
      const key = field.validate(sample, env);
      if (key === null) continue;
      const message = text(key);
      if (specQuoted.has(message)) continue;
      expect(message.toLowerCase()).toContain(text(field.labelKey).toLowerCase());
    }
  });
});
