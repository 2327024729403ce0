// @vitest-environment node
/**
 * The teacher's default paths are a guess (the spec shows none) said in several places: its descriptor
 * (src/kinds/teacher.ts), docs/assumptions.md, docs/extensions.md and docs/deploying.md. Every
 * `/teacher/api/v1/demand|card/…` a doc writes must have the descriptor's segment, and each place must say it is a
 * guess.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { teacher } from "../../src/kinds";

const docs = ["assumptions.md", "extensions.md", "deploying.md"].map((name) => ({
  name,
  text: readFileSync(join(import.meta.dirname, "../../docs", name), "utf8"),
}));

describe("default kind paths in the docs", () => {
  it("every teacher demand and card path the docs write has the descriptor's segment", () => {
    const route = teacher.defaultRoute;
    const under = new RegExp(`${route.root}/(demand|card)/([^\`\\s)]*)`, "g");
    const found = docs.flatMap(({ name, text }) =>
      [...text.matchAll(under)].map((match) => ({ name, path: match[0], rest: match[2] ?? "" })),
    );
    expect(found.length).toBeGreaterThan(0);
    for (const { name, path, rest } of found) {
      expect(rest.startsWith(route.segment) || rest.startsWith("…"), `${name}: ${path}`).toBe(true);
    }
  });

  it("the teacher's default is called a guess wherever the docs give it", () => {
    for (const name of ["assumptions.md", "extensions.md", "deploying.md"]) {
      const text = docs.find((doc) => doc.name === name)?.text ?? "";
      expect(text, name).toMatch(/teacher[^.]*\bguess\b|\bguess\b[^.]*teacher/is);
    }
    const descriptor = readFileSync(join(import.meta.dirname, "../../src/kinds/teacher.ts"), "utf8");
    expect(descriptor).toMatch(/this is a guess/);
  });
});
