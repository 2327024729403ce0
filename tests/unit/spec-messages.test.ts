// @vitest-environment node
/**
 * The messages docs/spec.md quotes in §5 (validation) and §8 (error catalogue) are read from the spec itself and
 * each is found, character for character, as a text of the English locale; the key holding it exists in French.
 * A rewording in either place then fails here instead of slipping through.
 *
 * How the spec is read:
 * - §5: every parenthesised text, "messages: " dropped, split on " / ", keeping pieces that end a sentence (. or !);
 *   a piece starting in lower case ("must not exceed 7 characters.") continues the one before it, so it is the end
 *   of an English text.
 * - §8: the lines "Registration:", "Demands:", "Cards:", "Agents:", "Password:", "Canvas:" are lists split on "; ";
 *   "success " introduces success messages, several joined by ", " (the list's closing period is the sentence's);
 *   "(with Retry)" names the button "Retry". The Login line's "(message: en / fr)" gives both languages, and the
 *   fallback screen's title ends at its "!".
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const spec = readFileSync(join(root, "docs/spec.md"), "utf8");

const section = (n: number): string => {
  const start = spec.indexOf(`## ${n}.`);
  const end = spec.indexOf(`## ${n + 1}.`);
  if (start < 0 || end < 0) throw new Error(`docs/spec.md has no section ${n}`);
  return spec.slice(start, end);
};

const flatten = (value: unknown, prefix = ""): Record<string, string> => {
  if (typeof value === "string") return { [prefix]: value };
  if (value === null || typeof value !== "object") return {};
  return Object.entries(value).reduce<Record<string, string>>(
    (acc, [key, child]) => ({ ...acc, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
};

const locale = (lng: string): Record<string, string> => {
  const dir = join(root, "src/i18n/locales", lng);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .flatMap((name) =>
        Object.entries(flatten(JSON.parse(readFileSync(join(dir, name), "utf8")))).map(([key, text]) => [
          `${name.slice(0, -".json".length)}:${key}`,
          text,
        ]),
      ),
  );
};

const en = locale("en");
const fr = locale("fr");

type Quote = { readonly text: string; readonly whole: boolean };

const validationQuotes = (): Quote[] =>
  [...section(5).matchAll(/\(([^()]*)\)/g)].flatMap(([, inner = ""]) =>
    inner
      .replace(/^messages: /, "")
      .split(" / ")
      .filter((piece) => /[.!]$/.test(piece))
      .map((piece) => ({ text: piece, whole: /^[A-Z]/.test(piece) })),
  );

const catalogueQuotes = (): { english: Quote[]; french: string[] } => {
  const lines = section(8).split("\n");
  const english: Quote[] = [];
  const french: string[] = [];
  for (const line of lines) {
    const list = /^- (Registration|Demands|Cards|Agents|Password|Canvas): (.*)$/.exec(line);
    if (list) {
      for (const item of (list[2] ?? "").split("; ")) {
        if (item.startsWith("success ")) {
          const several = item.slice("success ".length).split(", ");
          for (const text of several)
            english.push({ text: several.length > 1 ? text.replace(/\.$/, "") : text, whole: true });
          continue;
        }
        const withButton = /^(.*) \(with (\w+)\)$/.exec(item);
        if (withButton)
          english.push({ text: withButton[1] ?? "", whole: true }, { text: withButton[2] ?? "", whole: true });
        else english.push({ text: item, whole: true });
      }
    }
    const login = /\(message: (.*) \/ (.*)\)/.exec(line);
    if (login) {
      english.push({ text: login[1] ?? "", whole: true });
      french.push(login[2] ?? "");
    }
    const fallback = /^- (.*!) fallback screen/.exec(line);
    if (fallback) english.push({ text: fallback[1] ?? "", whole: true });
  }
  return { english, french };
};

const keysOf = ({ text, whole }: Quote): string[] =>
  Object.entries(en)
    .filter(([, value]) => (whole ? value === text : value.endsWith(` ${text}`)))
    .map(([key]) => key);

describe("the messages docs/spec.md quotes", () => {
  const quotes = [...validationQuotes(), ...catalogueQuotes().english];

  it("are read from the spec (§5 and §8)", () => {
    expect(validationQuotes().length).toBeGreaterThanOrEqual(5);
    expect(catalogueQuotes().english.length).toBeGreaterThanOrEqual(25);
    expect(quotes.map((quote) => quote.text)).toContain("Successfully validated the demand.");
  });

  it.each(quotes.map((quote) => [quote.text, quote] as const))("%s: an English text, its key in French", (_, quote) => {
    const keys = keysOf(quote);
    expect(keys, `no English text reads ${JSON.stringify(quote.text)}`).not.toEqual([]);
    for (const key of keys) expect(fr[key]?.trim(), `fr ${key}`).toBeTruthy();
  });

  it.each(catalogueQuotes().french)("%s: a French text", (text) => {
    expect(Object.values(fr)).toContain(text);
  });
});

describe("the demand-list filter labels of docs/spec.md §2", () => {
  const assumptions = readFileSync(join(root, "docs", "assumptions.md"), "utf8").replace(/\s+/g, " ");
  const labels = (/filter choices ([^;]*);/.exec(section(2))?.[1] ?? "").split(", ");

  it.each(labels)("%s: the English label, or an Assumptions entry that says why not", (label) => {
    const used = ["all", "validated", "noValidated"].map((key) => en[`demand:filter.${key}`]);
    if (!used.includes(label)) expect(assumptions).toContain(`"${label}"`);
  });
});
