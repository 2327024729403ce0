// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { changedPart, withHeadOf } from "../../scripts/lib/bench-floor";
import { cpuTimeRow, floorBeside } from "../../scripts/lib/bench-report";

const body = (html: string) => new DOMParser().parseFromString(html, "text/html").body;
const page = (main: string, rest = "") => `<header><a href="/">Campus</a></header><main>${main}</main>${rest}`;

describe("the part of a page an interaction changed (the floor swaps only it)", () => {
  it("is the smallest element that differs, when only one child differs at each level", () => {
    const [from, to] = changedPart(
      body(page('<h2 id="t">Étape 1</h2><form><p>a</p></form>')),
      body(page('<h2 id="t">Étape 1</h2><form><p>b</p></form>')),
    );
    expect(from.outerHTML).toBe("<p>a</p>");
    expect(to.outerHTML).toBe("<p>b</p>");
  });

  it("is their parent when two children differ, or an attribute of the element itself", () => {
    expect(changedPart(body(page("<h2>1</h2><p>a</p>")), body(page("<h2>2</h2><p>b</p>")))[0].tagName).toBe("MAIN");
    expect(changedPart(body(page("<p>a</p>")), body(page('<p class="x">a</p>')))[1].outerHTML).toBe(
      '<p class="x">a</p>',
    );
  });

  it("is the body when an element was added to it (a dialog beside the main content)", () => {
    const [from, to] = changedPart(body(page("<p>a</p>")), body(page("<p>a</p>", '<div role="dialog">Photo</div>')));
    expect(from.tagName).toBe("BODY");
    expect(to.querySelector('[role="dialog"]')?.textContent).toBe("Photo");
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
    const runs = [
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
