import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "./namespaces";

/**
 * A count shown to a reader goes through i18next's plural rules: a text with `{{count}}` is one plural form of its
 * key, and each key has the forms its language needs ("1 fois" and "1 time" read differently from "3 fois", "3 times").
 */
const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" });

const flatten = (value: unknown, prefix = ""): Record<string, string> =>
  typeof value === "string"
    ? { [prefix]: value }
    : Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
        (acc, [key, child]) => ({ ...acc, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
        {},
      );

const pluralForm = /_(zero|one|two|few|many|other)$/;
/**
 * The forms a language's plural rules name, less French's `many` (millions), for which i18next reads `_other`.
 */
const formsOf = (lng: string) =>
  new Intl.PluralRules(lng).resolvedOptions().pluralCategories.filter((form) => form !== "many");

describe.each(LANGUAGES)("plural forms (%s)", (lng) => {
  const texts = NAMESPACES.flatMap((ns) =>
    Object.entries(flatten(files[`./locales/${lng}/${ns}.json`])).map(([key, text]) => [`${ns}:${key}`, text] as const),
  );

  it("has no {{count}} text outside a plural form", () => {
    const bare = texts.filter(([key, text]) => text.includes("{{count}}") && !pluralForm.test(key)).map(([key]) => key);
    expect(bare).toEqual([]);
  });

  it("gives every plural key each form of the language", () => {
    const keys = new Set<string>(texts.map(([key]) => key));
    const stems = new Set(texts.filter(([key]) => pluralForm.test(key)).map(([key]) => key.replace(pluralForm, "")));
    const missing = [...stems].flatMap((stem) =>
      formsOf(lng)
        .map((form) => `${stem}_${form}`)
        .filter((key) => !keys.has(key)),
    );
    expect(missing).toEqual([]);
  });
});
