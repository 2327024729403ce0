import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "./namespaces";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" });

const flatten = (value: unknown, prefix = ""): Record<string, string> => {
  if (typeof value === "string") return { [prefix]: value };
  if (value === null || typeof value !== "object") throw new Error(`${prefix}: not a string or object`);
  return Object.entries(value).reduce<Record<string, string>>(
    (acc, [key, child]) => ({ ...acc, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
};
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map(([, name]) => name ?? "").sort();

describe("locale files", () => {
  it("has exactly the 18 namespaces in each language", () => {
    expect(NAMESPACES).toHaveLength(18);
    for (const lng of LANGUAGES) {
      const present = Object.keys(files)
        .filter((path) => path.startsWith(`./locales/${lng}/`))
        .map((path) => path.slice(`./locales/${lng}/`.length, -".json".length))
        .sort();
      expect(present).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES)("%s: fr and en have identical keys, no empty texts, same interpolation variables", (ns) => {
    const fr = flatten(files[`./locales/fr/${ns}.json`]);
    const en = flatten(files[`./locales/en/${ns}.json`]);
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(fr).length).toBeGreaterThan(0);
    for (const key of Object.keys(fr)) {
      expect(fr[key]?.trim(), `fr ${ns}:${key}`).not.toBe("");
      expect(en[key]?.trim(), `en ${ns}:${key}`).not.toBe("");
      expect(variables(fr[key] ?? ""), `${ns}:${key}`).toEqual(variables(en[key] ?? ""));
    }
  });

  it("keeps the catalogue texts of the spec", () => {
    const en = (ns: string) => flatten(files[`./locales/en/${ns}.json`]);
    const fr = (ns: string) => flatten(files[`./locales/fr/${ns}.json`]);
    expect(fr("errors").notValid).toBe("Nom d'utilisateur ou mot de passe incorrect");
    expect(en("errors").notValid).toBe("Invalid username or password");
    expect(en("errors").unexpected).toBe("Unexpected Application Error!");
    expect(en("errors").notFoundTitle).toBe("Oops! Page Not Found");
    expect(en("validation").registerMin).toBe("The register must contain at least 5 characters.");
    expect(en("validation").registerMax).toBe("The register must not exceed 7 characters.");
    expect(en("validation").termsRequired).toBe("You must accept the terms.");
    expect(en("common").pageOf).toBe("{{page}} of {{total}}");
    expect(fr("common").pageOf).toBe("{{page}} sur {{total}}");
    expect(fr("agent").deleteConfirm).toBe("Supprimer cet agent ?");
  });

  it("names demands with one word per language in the back office's menu, titles and buttons", () => {
    const en = (ns: string) => flatten(files[`./locales/en/${ns}.json`]);
    const fr = (ns: string) => flatten(files[`./locales/fr/${ns}.json`]);
    expect(en("nav").demands).toBe("Requests");
    expect(fr("nav").demands).toBe("Demandes");
    for (const kind of ["student", "staff", "teacher"]) {
      expect(en(kind).demandsTitle).toMatch(/ — requests$/);
      expect(fr(kind).demandsTitle).toMatch(/ — demandes$/);
    }
    // The spec's own messages keep its word (docs/spec.md §8: "Successfully validated the demand.").
    const specWording = new Set(["Successfully validated the demand."]);
    const backOffice = ["demand", "dashboard", "nav"].flatMap((ns) => Object.values(en(ns)));
    expect(backOffice.filter((text) => /\bdemands?\b/i.test(String(text)) && !specWording.has(String(text)))).toEqual(
      [],
    );
  });
});
