// @vitest-environment node
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardFonts } from "./fonts.ts";
import { CARD_HEIGHT, CARD_WIDTH, layoutCard, MIN_SIZES } from "./layout.ts";
import { createMeasure } from "./render.ts";
import { sampleCards, stressCard } from "./samples.ts";
import { layoutProblems, textElements } from "./test-helpers.ts";
import { ellipsize, fitText, wrapText, type Measure } from "./text.ts";
import type { CardPdfInput } from "./types.ts";

let m: Measure;
beforeAll(async () => {
  m = createMeasure(await loadCardFonts());
});

describe("fitText", () => {
  it("keeps text that fits at full size", () => {
    const f = fitText(m, "Ngoumou", { font: "bold", maxSize: 10, minSize: 5, maxWidth: 200 });
    expect(f).toMatchObject({ lines: ["Ngoumou"], size: 10, truncated: false });
  });

  it("shrinks a line that is a little too wide", () => {
    const text = "Faculté des Sciences Économiques";
    const full = m.width(text, "bold", 8);
    const f = fitText(m, text, { font: "bold", maxSize: 8, minSize: 4, maxWidth: full * 0.9 });
    expect(f.lines).toEqual([text]);
    expect(f.size).toBeLessThan(8);
    expect(f.width).toBeLessThanOrEqual(full * 0.9);
  });

  it("wraps into the allowed lines before truncating", () => {
    const text = "Faculté des Sciences Économiques et de Gestion";
    const f = fitText(m, text, { font: "bold", maxSize: 7, minSize: 4.2, maxWidth: 90, maxLines: 2 });
    expect(f.lines).toHaveLength(2);
    expect(f.lines.join(" ")).toBe(text);
    expect(f.truncated).toBe(false);
    expect(f.width).toBeLessThanOrEqual(90);
  });

  it("ends with an ellipsis at the minimum size when nothing else works", () => {
    const text = "Ngoumou-Tchoupo-Ŋkeng ".repeat(10);
    const f = fitText(m, text, { font: "bold", maxSize: 9, minSize: 5.5, maxWidth: 100, maxLines: 2 });
    expect(f).toMatchObject({ size: 5.5, truncated: true });
    expect(f.lines).toHaveLength(2);
    expect(f.lines[1]?.endsWith("…")).toBe(true);
    for (const line of f.lines) expect(m.width(line, "bold", 5.5)).toBeLessThanOrEqual(100);
  });

  it("breaks a single over-long word between letters, never between a letter and its accent", () => {
    const word = "E\u0301".repeat(40); // decomposed É, normalised to one glyph
    const lines = wrapText(m, word, "regular", 6, 30);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(m.width(line, "regular", 6)).toBeLessThanOrEqual(30);
    expect(lines.join("")).toBe("É".repeat(40));
    expect(ellipsize(m, "Ŋkeng Ŋkeng Ŋkeng", "regular", 6, 20).endsWith("…")).toBe(true);
  });
});

describe("layoutCard", () => {
  it("keeps every field where it is from card to card: long values shrink or wrap in their box, never push others", () => {
    for (const base of Object.values(sampleCards())) {
      const long: CardPdfInput = {
        ...base,
        lastname: "Mbappè Ékwalla Tchoupo-Ŋkeng Ndongo Nkoulou",
        firstname: "Marie-Ange Bèbè Ñama d'Almeida Épiphanie",
        register: "E11207-2026-BIS",
        lines: base.lines.map((line) => ({ ...line, value: `${line.value} ${line.value} ${line.value}` })),
      };
      // Where each name and label starts (each value sits under its label): the same on both cards.
      const starts = (card: CardPdfInput) => {
        const first: Record<string, string> = {};
        for (const t of textElements(layoutCard(card, m))) {
          if (t.side !== "front" || !(t.role.startsWith("label:") || t.role === "lastname" || t.role === "firstname"))
            continue;
          first[t.role] ??= `${t.box.x.toFixed(2)},${t.box.y.toFixed(2)}`;
        }
        return first;
      };
      const first = starts(base);
      const other = starts(long);
      expect(Object.keys(other).sort(), base.kind).toEqual(Object.keys(first).sort());
      for (const role of Object.keys(first)) expect(other[role], `${base.kind} ${role}`).toBe(first[role]);
      expect(layoutProblems(layoutCard(long, m))).toEqual([]);
    }
  });

  it("lays the sample cards out without overflow, overlap or truncation", () => {
    for (const card of Object.values(sampleCards())) {
      const layout = layoutCard(card, m);
      expect(layoutProblems(layout), card.kind).toEqual([]);
      expect(layout.complete, card.kind).toBe(true);
      const texts = textElements(layout).map((t) => t.text);
      expect(texts).toContain(card.lastname.toLocaleUpperCase("fr"));
      expect(texts).toContain(card.firstname);
      expect(texts).toContain(card.register);
      expect(texts).toContain(card.code);
    }
  });

  it("prints a signed QR (version 13 at error correction M) with modules of at least 0.4 mm, still laid out cleanly", () => {
    // The longest URL a version 13 symbol at M holds (docs/signed-qr.md): 331 bytes.
    const signedUrl = (url: string) =>
      `${url}#s1.${"0oRNogEmBEjbkSRX1EMA_qBYVKsBAQJnc3R1ZGVudANp".repeat(8)}`.slice(0, 331);
    for (const card of [...Object.values(sampleCards()), stressCard()]) {
      const layout = layoutCard({ ...card, checkUrl: signedUrl(card.checkUrl) }, m, { qrErrorCorrection: "M" });
      const qr = layout.back.find((e) => e.type === "qr");
      if (qr?.type !== "qr") throw new Error("no QR");
      expect(qr.matrix.version).toBe(13);
      expect((qr.box.w / qr.matrix.size / 72) * 25.4, card.kind).toBeGreaterThanOrEqual(0.4);
      expect(layoutProblems(layout), card.kind).toEqual([]);
    }
  });

  it("lays a replacement with its validity end out without overflow, overlap or truncation", () => {
    for (const card of Object.values(sampleCards())) {
      const layout = layoutCard({ ...card, validUntil: "30/09/2027", sequence: 2 }, m);
      expect(layoutProblems(layout), card.kind).toEqual([]);
      expect(layout.complete, card.kind).toBe(true);
      const texts = textElements(layout).map((t) => t.text);
      expect(texts).toContain("30/09/2027");
      expect(
        texts.some((t) => t.endsWith("DUPLICATA N°1")),
        card.kind,
      ).toBe(true);
    }
  });

  it("is ID-1 sized", () => {
    const layout = layoutCard(sampleCards().student, m);
    expect(layout.width).toBeCloseTo((85.6 / 25.4) * 72, 1);
    expect(layout.height).toBeCloseTo((53.98 / 25.4) * 72, 1);
    expect([CARD_WIDTH, CARD_HEIGHT]).toEqual([242.65, 153.01]);
  });

  it("shrinks or wraps very long names and values but never overflows", () => {
    const layout = layoutCard(stressCard(), m);
    expect(layoutProblems(layout)).toEqual([]);
    const texts = textElements(layout);
    const lastname = texts.filter((t) => t.role === "lastname");
    expect(lastname.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(t.width, t.role).toBeLessThanOrEqual(t.box.w + 0.01);
      expect(t.x + t.width, t.role).toBeLessThanOrEqual(CARD_WIDTH);
    }
    expect(Math.min(...lastname.map((t) => t.size))).toBeGreaterThanOrEqual(MIN_SIZES.name);
  });

  it("wraps a long faculty name onto a second line instead of cutting it", () => {
    const base = sampleCards().teacher;
    const card: CardPdfInput = {
      ...base,
      lines: [
        {
          label: { fr: "Faculté", en: "Faculty" },
          value: "Faculté des Sciences Économiques et de Gestion Appliquées au Développement",
          wide: true,
        },
        ...base.lines.slice(1),
      ],
    };
    const layout = layoutCard(card, m);
    expect(layoutProblems(layout)).toEqual([]);
    const faculty = textElements(layout).filter((t) => t.role === "value:line0");
    expect(faculty).toHaveLength(2);
    expect(faculty.map((t) => t.text).join(" ")).toBe(card.lines[0]?.value);
  });

  it("holds for arbitrary names and values (property)", () => {
    const chars = "abcdefghijklmnopqrstuvwxyzÉéèêëïîôöüçÑñŊŋ’'-  ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789W";
    const text = (max: number) => fc.string({ unit: fc.constantFrom(...Array.from(chars)), maxLength: max });
    const bilingual = fc.record({ fr: text(40), en: text(40) });
    fc.assert(
      fc.property(
        fc.record({
          kind: fc.constantFrom("student" as const, "staff" as const, "teacher" as const),
          code: text(40),
          lastname: text(90),
          firstname: text(90),
          register: text(30),
          lines: fc.array(fc.record({ label: bilingual, value: text(120) }), { maxLength: 5 }),
          academicYear: text(30),
          birthDate: text(12),
          bloodGroup: text(20),
          allergies: text(200),
          contactName: text(60),
          contactPhone: text(40),
          valid: fc.boolean(),
        }),
        (r) => {
          const card: CardPdfInput = {
            ...r,
            photoBase64: null,
            checkUrl: "http://127.0.0.1:5173/check/student/card/x",
          };
          expect(layoutProblems(layoutCard(card, m))).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
