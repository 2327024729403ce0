// @vitest-environment node
/**
 * Language completeness (issue "Quality gates" item 4): no user-visible text in JSX bypasses i18next. A static
 * check over src/features, src/ui, src/routes, src/i18n/*.tsx and src/theme/*.tsx fails on JSX text containing
 * letters ({"text"} children included) and on literal aria-label / title / placeholder / alt attributes with letters,
 * outside the small ALLOWED list below.
 *
 * TypeScript 7 has no JS API and no JSX parser is installed, so `scanJsx` is a small JSX-aware tokenizer: code,
 * strings, template literals, comments and regular expressions are skipped; `<Tag …>` in expression position
 * starts JSX, whose attributes and children are read, with `{…}` going back to code (which may hold JSX again).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const inScope = (file: string) =>
  file.endsWith(".tsx") &&
  !file.endsWith(".test.tsx") &&
  (/^src\/(features|ui|routes)\//.test(file) || /^src\/(i18n|theme)\/[^/]+\.tsx$/.test(file)) &&
  // Test-only wrappers (providers for component tests) render no user-visible text of the app.
  !/test-providers\.tsx$|testing\.tsx$/.test(file);

/** Deliberate literals: texts shown before (or without) i18next, in both languages or as the last resort. */
const ALLOWED: readonly { file: RegExp; text: RegExp; why: string }[] = [
  {
    file: /features\/shell\/LoadingScreen\.tsx$/,
    text: /^(Chargement\.\.\.|Loading\.\.\.)$/,
    why: "docs/spec.md §2: shown before translations load",
  },
  {
    file: /features\/shell\/AppErrorFallback\.tsx$/,
    text: /./,
    why: "last-resort error screen: works when i18next itself failed",
  },
];

export interface Found {
  readonly line: number;
  readonly kind: "text" | "attribute";
  readonly name?: string;
  readonly value: string;
}

const CHECKED_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt"]);
const hasLetters = (value: string) => /\p{L}/u.test(value.replace(/&[a-zA-Z]+;|&#\d+;/g, ""));

/** JSX text and literal attributes of one source text. */
export const scanJsx = (text: string): Found[] => {
  const found: Found[] = [];
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  let i = 0;

  const isIdentStart = (c: string | undefined) => !!c && /[A-Za-z_$]/.test(c);
  const prevSignificant = (at: number): string => {
    let j = at - 1;
    while (j >= 0 && /\s/.test(text[j]!)) j--;
    if (j < 0) return "";
    // A keyword before `<` or `/` (return <div/>, return /re/) counts as an operator position.
    const word = /([A-Za-z_$][\w$]*)$/.exec(text.slice(Math.max(0, j - 10), j + 1))?.[1];
    if (word && ["return", "case", "typeof", "void", "in", "of", "default", "yield", "await", "else"].includes(word))
      return "(";
    return text[j]!;
  };
  const expressionStart = (at: number) => {
    const p = prevSignificant(at);
    return p === "" || "(,=:?[{}!&|;>+-*%~^".includes(p);
  };

  /** `<T>(…) =>`, `<T,>`, `<T extends …>`: type parameters of a generic function, not JSX. */
  const genericParams = /^<[A-Za-z_$][\w$]*\s*(?:,|extends\b|>\s*\()/;

  const skipString = (quote: string) => {
    i++;
    while (i < text.length && text[i] !== quote) {
      if (text[i] === "\\") i++;
      else if (text[i] === "\n" && quote !== "`") break;
      i++;
    }
    i++;
  };
  const skipTemplate = () => {
    i++;
    while (i < text.length && text[i] !== "`") {
      if (text[i] === "\\") i += 2;
      else if (text[i] === "$" && text[i + 1] === "{") {
        i += 2;
        code("}");
        i++;
      } else i++;
    }
    i++;
  };
  const skipRegex = () => {
    i++;
    let inClass = false;
    while (i < text.length && text[i] !== "\n") {
      const c = text[i]!;
      if (c === "\\") i++;
      else if (c === "[") inClass = true;
      else if (c === "]") inClass = false;
      else if (c === "/" && !inClass) break;
      i++;
    }
    i++;
  };

  /** Code until an unmatched `end` (not consumed) or the end of text. */
  function code(end: string | null): void {
    let depth = 0;
    while (i < text.length) {
      const c = text[i]!;
      const n = text[i + 1];
      if (c === "/" && n === "/") {
        while (i < text.length && text[i] !== "\n") i++;
      } else if (c === "/" && n === "*") {
        const close = text.indexOf("*/", i + 2);
        i = close < 0 ? text.length : close + 2;
      } else if (c === '"' || c === "'") skipString(c);
      else if (c === "`") skipTemplate();
      else if (c === "/" && expressionStart(i)) skipRegex();
      else if (
        c === "<" &&
        (isIdentStart(n) || n === ">") &&
        expressionStart(i) &&
        !genericParams.test(text.slice(i, i + 80))
      )
        element();
      else if (c === "{" || c === "(" || c === "[") {
        depth++;
        i++;
      } else if (c === "}" || c === ")" || c === "]") {
        if (depth === 0 && c === end) return;
        depth--;
        i++;
      } else i++;
    }
  }

  /** `{…}` in JSX: answers the expression's source; records it when it is a lone string literal. */
  const braces = (kind: "text" | "attribute", name?: string) => {
    const start = i + 1;
    i++;
    code("}");
    const inner = text.slice(start, i).trim();
    i++;
    const literal = /^(["'`])((?:(?!\1)[^\\])*)\1$/.exec(inner);
    if (
      literal &&
      !literal[2]!.includes("${") &&
      hasLetters(literal[2]!) &&
      (kind === "text" || CHECKED_ATTRIBUTES.has(name!))
    ) {
      found.push({ line: lineAt(start), kind, ...(name ? { name } : {}), value: literal[2]! });
    }
  };

  /** A JSX element (or fragment) starting at `<`. */
  function element(): void {
    i++; // <
    const nameMatch = /^[A-Za-z_$][\w$.:-]*/.exec(text.slice(i));
    const tag = nameMatch?.[0] ?? "";
    i += tag.length;
    if (text[i] === "<") {
      // Type arguments: <Select<Theme> …>
      let depth = 0;
      do {
        if (text[i] === "<") depth++;
        else if (text[i] === ">") depth--;
        i++;
      } while (i < text.length && depth > 0);
    }
    // Attributes.
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (i >= text.length) return;
      if (text.startsWith("/>", i)) {
        i += 2;
        return;
      }
      if (text[i] === ">") {
        i++;
        break;
      }
      if (text[i] === "{") {
        braces("attribute", "...");
        continue;
      }
      const attr = /^[\w:-]+/.exec(text.slice(i))?.[0];
      if (!attr) {
        i++; // generic type arguments or something unexpected: skip a character
        continue;
      }
      i += attr.length;
      while (/\s/.test(text[i] ?? "")) i++;
      if (text[i] !== "=") continue;
      i++;
      while (/\s/.test(text[i] ?? "")) i++;
      const q = text[i];
      if (q === '"' || q === "'") {
        const start = i + 1;
        skipString(q);
        const value = text.slice(start, i - 1);
        if (CHECKED_ATTRIBUTES.has(attr) && hasLetters(value))
          found.push({ line: lineAt(start), kind: "attribute", name: attr, value });
      } else if (q === "{") braces("attribute", attr);
      else if (q === "<") element();
    }
    // Children.
    while (i < text.length) {
      if (text.startsWith("</", i)) {
        const close = text.indexOf(">", i);
        i = close < 0 ? text.length : close + 1;
        return;
      }
      const c = text[i]!;
      if (c === "<") element();
      else if (c === "{") braces("text");
      else {
        const start = i;
        while (i < text.length && text[i] !== "<" && text[i] !== "{") i++;
        const value = text.slice(start, i).replace(/\s+/g, " ").trim();
        if (hasLetters(value)) found.push({ line: lineAt(start), kind: "text", value });
      }
    }
  }

  code(null);
  return found;
};

const files = walk(join(root, "src"))
  .map((path) => relative(root, path).split("\\").join("/"))
  .filter(inScope);

describe("no user-visible literal text in JSX", () => {
  it("the scanner finds literals (and ignores code, strings, comments and translated text)", () => {
    const sample = `
      // <p>commented out</p>
      const re = /<b>not jsx<\\/b>/;
      const s = "<p>in a string</p>";
      const n = a < b && c > d ? 1 : 2;
      const typed = useState<string>("x");
      const g = <T,>(x: T) => x;
      type F = { promise: <T>(p: Promise<T>) => Promise<T> };
      export const A = () => (
        <div title="Bonjour" aria-label={t("x:y")} alt="">
          {t("ns:key")} {count}
          Hello world
          <span placeholder={"Search"}>{"Literal"}</span>
          <Icon aria-hidden />&nbsp;·&times;
          <Select<Theme> label={t("a:b")} hideLabel />
          {cond ? <em>Inline</em> : null}
          {items.map((x) => <li key={x} alt={\`\${x}\`}>{x}</li>)}
        </div>
      );`;
    expect(scanJsx(sample).map((f) => `${f.kind}${f.name ? `:${f.name}` : ""} ${f.value}`)).toEqual([
      "attribute:title Bonjour",
      "text Hello world",
      "attribute:placeholder Search",
      "text Literal",
      "text Inline",
    ]);
  });

  it("scans the UI folders", () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files).toContain("src/features/shell/LoadingScreen.tsx");
  });

  it("finds none outside the allow-list in src/features, src/ui, src/routes, src/i18n/*.tsx, src/theme/*.tsx", () => {
    const offenders: string[] = [];
    for (const file of files) {
      for (const f of scanJsx(readFileSync(join(root, file), "utf8"))) {
        if (ALLOWED.some((a) => a.file.test(file) && a.text.test(f.value))) continue;
        offenders.push(`${file}:${f.line} ${f.kind}${f.name ? ` ${f.name}=` : " "}${JSON.stringify(f.value)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
