import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./namespaces";

/**
 * French typography in the French locale: a no-break space (U+00A0) before ? ! : ; and inside « », so a line never
 * starts with the punctuation or leaves a guillemet alone ("Jeter les planches composées ?" broke before its "?").
 * The French texts docs/spec.md quotes stay as it writes them.
 */
const files = import.meta.glob<Record<string, unknown>>("./locales/fr/*.json", { eager: true, import: "default" });

const flatten = (value: unknown, prefix = ""): Record<string, string> =>
  typeof value === "string"
    ? { [prefix]: value }
    : Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
        (acc, [key, child]) => ({ ...acc, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
        {},
      );

/** Quoted by docs/spec.md §2 with an ordinary space. */
const specTexts = new Set(["agent:deleteConfirm"]);

const faults: readonly (readonly [string, RegExp])[] = [
  ["no ordinary space before ? ! : ;", / [?!:;]/],
  ["no ? ! ; glued to the word before it", /[^\s\u00a0?!.…)\]}][?!;]/],
  ["no colon glued to the word before it", /[\p{L}}][:](?=\s|$)/u],
  ["a no-break space after «", /«(?!\u00a0)/],
  ["a no-break space before »", /(?<!\u00a0)»/],
];

describe("French typography", () => {
  const texts = NAMESPACES.flatMap((ns) =>
    Object.entries(flatten(files[`./locales/fr/${ns}.json`])).map(([key, text]) => [`${ns}:${key}`, text] as const),
  ).filter(([key]) => !specTexts.has(key));

  it.each(faults)("%s", (_, pattern) => {
    expect(texts.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
