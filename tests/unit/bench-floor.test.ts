// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { domChanges, withHeadOf } from "../../scripts/lib/bench-floor";
import type { Measure } from "../../scripts/lib/bench-interaction";
import { cpuTimeRow, floorBeside } from "../../scripts/lib/bench-report";

const body = (html: string) => new DOMParser().parseFromString(html, "text/html").body;
const page = (main: string, rest = "") => `<header><a href="/">Campus</a></header><main>${main}</main>${rest}`;

/** The changes, each as [kind, the HTML it concerns]: what the floor page makes on the input. */
const described = (before: string, after: string) =>
  domChanges(body(before), body(after)).map((change) =>
    "by" in change
      ? ["replace", `${change.replace.textContent} → ${change.by.textContent}`]
      : "remove" in change
        ? ["remove", change.remove.textContent]
        : "append" in change
          ? ["append", change.append.textContent]
          : ["attributes", (change.attributesOf.cloneNode(false) as Element).outerHTML],
  );

describe("what an interaction changed in a page (what its floor does)", () => {
  it("is only what differs: a step's title and its fields, the rest of the page kept", () => {
    expect(
      described(
        page('<h2 id="t">Étape 1</h2><form><label>Nom</label><input name="nom"></form>'),
        page('<h2 id="t">Étape 2</h2><form><label>Photo</label><button>Ajouter</button></form>'),
      ),
    ).toEqual([
      ["replace", "Étape 1 → Étape 2"],
      ["replace", "Nom → Photo"],
      ["replace", " → Ajouter"],
    ]);
  });

  it("is a dialog appended beside the page, which the page's attributes hide, and later removed", () => {
    const closed = page("<p>a</p>");
    const open = page("<p>a</p>", '<div role="dialog">Photo</div>').replace("<main>", '<main aria-hidden="true">');
    expect(described(closed, open)).toEqual([
      ["attributes", '<main aria-hidden="true"></main>'],
      ["append", "Photo"],
    ]);
    expect(described(open, closed)).toEqual([
      ["attributes", "<main></main>"],
      ["remove", "Photo"],
    ]);
  });

  it("is nothing for the same page", () => {
    expect(described(page("<p>a</p>"), page("<p>a</p>"))).toEqual([]);
  });
});

describe("the page a floor starts from", () => {
  it("has the page's body before the input and the head once answered (the stylesheets the answer loaded)", () => {
    const before = '<!doctype html><html><head><link rel="stylesheet" href="/a.css"></head><body>before</body></html>';
    const after =
      '<!doctype html><html><head><link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/$&b.css"></head><body>after</body></html>';
    expect(withHeadOf(before, after)).toBe(
      '<!doctype html><html><head><link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/$&b.css"></head><body>before</body></html>',
    );
  });
});

describe("the floor printed beside a budget", () => {
  it("is the worst of its runs, or says none came", () => {
    expect(floorBeside("the same change with no app script", [12.4, 30.6])).toBe(
      "floor: the same change with no app script, 31 ms (worst of 2)",
    );
    expect(floorBeside("x", [12, -1])).toBe("floor: x, no answer");
    expect(floorBeside("x", [])).toBe("floor: x, not measured");
  });

  it("stands beside a CPU budget's figure at the same slowdown, before where an over-budget run's time went", () => {
    const runs: Measure[] = [
      { ms: 10, work: { script: 10 }, floorMs: 2 },
      { ms: 20, work: { script: 16, paint: 4 }, floorMs: 3 },
    ];
    const what = "the same change with no app script";
    expect(cpuTimeRow("Next", runs, 300, 10, { floor: what, beside: true }).beside).toBe(
      "floor: the same change with no app script, 30 ms (worst of 2)",
    );
    expect(cpuTimeRow("Next", runs, 100, 10, { floor: what, beside: true }).beside).toBe(
      "floor: the same change with no app script, 30 ms (worst of 2); the worst run: script 160, paint 40 ms",
    );
  });
});
