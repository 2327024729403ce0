// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { titleOfPage } from "./document-title";

const page = (html: string) => new DOMParser().parseFromString(html, "text/html").body;

describe("the document title", () => {
  it("names the page's heading, its subject, then the application", () => {
    const root = page(
      "<main><h1>Validation de la demande</h1><p>Code <span data-title-subject>DMSTUD000091</span></p></main>",
    );
    expect(titleOfPage(root, "Campus Card")).toBe("Validation de la demande — DMSTUD000091 — Campus Card");
  });

  it("reads a heading that joins two texts with its space, and repeats nothing", () => {
    expect(
      titleOfPage(page("<main><h1>Détails de la carte <span>PCSTUD000031</span></h1></main>"), "Campus Card"),
    ).toBe("Détails de la carte PCSTUD000031 — Campus Card");
    expect(titleOfPage(page("<h1>Campus Card</h1>"), "Campus Card")).toBe("Campus Card");
    expect(titleOfPage(page("<div>loading</div>"), "Campus Card")).toBe("Campus Card");
  });
});
