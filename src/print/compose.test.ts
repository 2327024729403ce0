import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { drawnCards } from "../../tests/fixtures/drawn-cards";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardFonts } from "../mock-server/card-pdf/fonts.ts";
import { renderCardPdf } from "../mock-server/card-pdf/render.ts";
import { sampleCards } from "../mock-server/card-pdf/samples.ts";
import { calibrationSheet, composeSheets, cropMarks } from "./compose";
import { CARD_HEIGHT, CARD_WIDTH, layoutCard } from "../mock-server/card-pdf/layout.ts";
import { createMeasure } from "../mock-server/card-pdf/render.ts";
import { stressCard } from "../mock-server/card-pdf/samples.ts";
import { textElements } from "../mock-server/card-pdf/test-helpers.ts";
import {
  CARD_MM,
  MM_TO_PT,
  SAFE_MARGIN_MM,
  SHEET_MM,
  artworkCrop,
  backSlots,
  frontSlots,
  gridProblem,
  presetById,
  presets,
  type GridLayout,
} from "./layouts";

let cardPdfs: Uint8Array[] = [];

beforeAll(async () => {
  const fonts = await loadCardFonts();
  const samples = Object.values(sampleCards());
  cardPdfs = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      renderCardPdf({ ...samples[i % samples.length]!, code: `PCSTUD${String(i).padStart(6, "0")}` }, { fonts }),
    ),
  );
}, 60_000);

describe("sheet layouts", () => {
  it("every preset fits on A4 without overlapping cards", () => {
    for (const preset of presets) expect(gridProblem(preset.grid), preset.id).toBeNull();
  });

  it("refuses grids that overlap, leave the sheet or are not counts", () => {
    const base = presets[0]!.grid;
    expect(gridProblem({ ...base, pitchX: 80 })).toBe("card:print.layout.problems.overlap");
    expect(gridProblem({ ...base, rows: 6 })).toBe("card:print.layout.problems.outside");
    expect(gridProblem({ ...base, left: -1 })).toBe("card:print.layout.problems.outside");
    expect(gridProblem({ ...base, columns: 1.5 })).toBe("card:print.layout.problems.count");
    expect(gridProblem({ ...base, top: Number.NaN })).toBe("card:print.layout.problems.number");
  });

  it("mirrors the backs left to right (long-edge flip): each back lies behind its front", () => {
    const grid = presets[0]!.grid;
    const fronts = frontSlots(grid);
    const backs = backSlots(grid);
    fronts.forEach((front, i) => {
      expect(backs[i]!.y).toBeCloseTo(front.y, 6);
      // Turned over along the long edge, the back's left edge is where the front's right edge was.
      expect(SHEET_MM.width - (backs[i]!.x + CARD_MM.width)).toBeCloseTo(front.x, 6);
    });
  });
});

describe("dies", () => {
  it("the pre-cut preset declares the 85 × 54 mm die of Avery C32011 and Geha cards; the others cut ID-1", () => {
    expect(presetById("precut-2x5")!.die).toEqual({ width: 85, height: 54 });
    expect(presetById("plain-2x5")!.die).toEqual(CARD_MM);
    expect(presetById("centred-single")!.die).toEqual(CARD_MM);
  });

  it("the pre-cut sheet is symmetric once the cards are 85 mm wide (15 mm each side)", () => {
    const { grid, die } = presetById("precut-2x5")!;
    const right = SHEET_MM.width - (grid.left + (grid.columns - 1) * grid.pitchX + die.width);
    expect(right).toBeCloseTo(grid.left, 6);
  });

  it.each(presets)(
    "$id: every line of text of every sample card stays a safe margin inside the die",
    async (preset) => {
      const m = createMeasure(await loadCardFonts());
      const artwork = { width: CARD_WIDTH, height: CARD_HEIGHT };
      const die = { width: preset.die.width * MM_TO_PT, height: preset.die.height * MM_TO_PT };
      const crop = artworkCrop(artwork, die);
      // The margin in the artwork's units (it is scaled by die / crop to fill the die).
      const safe = (SAFE_MARGIN_MM * MM_TO_PT * (crop.right - crop.left)) / die.width;
      for (const input of [...Object.values(sampleCards()), stressCard()]) {
        for (const line of textElements(layoutCard(input, m))) {
          // The glyphs' extent; layout is top-down, the crop bottom-up.
          const top = CARD_HEIGHT - (line.baseline - m.ascent * line.size);
          const bottom = CARD_HEIGHT - (line.baseline + m.descent * line.size);
          const label = `${preset.id} ${line.side} ${line.role}`;
          expect(line.x, label).toBeGreaterThanOrEqual(crop.left + safe);
          expect(line.x + line.width, label).toBeLessThanOrEqual(crop.right - safe);
          expect(top, label).toBeLessThanOrEqual(crop.top - safe);
          expect(bottom, label).toBeGreaterThanOrEqual(crop.bottom + safe);
        }
      }
    },
  );

  it("a die narrower than the artwork cuts its sides evenly, never stretching it", () => {
    const crop = artworkCrop(CARD_MM, { width: 85, height: 54 });
    expect(crop.left).toBeCloseTo(0.3, 6);
    expect(CARD_MM.width - crop.right).toBeCloseTo(0.3, 6);
    expect(crop.bottom).toBeCloseTo(0, 6);
    expect(crop.top).toBeCloseTo(54, 6);
  });
});

describe("composeSheets", () => {
  it.each(presets)(
    "$id: A4 pages, fronts then mirrored backs, each card where the preset puts it, at its die size (0.01 mm)",
    async (preset) => {
      const grid: GridLayout = preset.grid;
      const perSheet = grid.columns * grid.rows;
      const count = Math.min(12, perSheet + 2);
      const pdf = await PDFDocument.load(
        await composeSheets(cardPdfs.slice(0, count), { grid, die: preset.die, duplex: true, cropMarks: true }),
      );
      const sheets = Math.ceil(count / perSheet);
      expect(pdf.getPageCount()).toBe(sheets * 2);
      for (const page of pdf.getPages()) {
        expect(page.getWidth() / MM_TO_PT).toBeCloseTo(210, 1);
        expect(page.getHeight() / MM_TO_PT).toBeCloseTo(297, 1);
      }
      for (let sheet = 0; sheet < sheets; sheet++) {
        const onSheet = Math.min(perSheet, count - sheet * perSheet);
        const fronts = drawnCards(pdf.getPage(sheet * 2));
        const backs = drawnCards(pdf.getPage(sheet * 2 + 1));
        expect(fronts).toHaveLength(onSheet);
        expect(backs).toHaveLength(onSheet);
        const expectedFronts = frontSlots(grid).slice(0, onSheet);
        const expectedBacks = backSlots(grid, undefined, preset.die).slice(0, onSheet);
        // The drawn card box is the die: nothing of the artwork reaches past the cut.
        fronts.forEach((card, i) => {
          expect(Math.abs(card.x - expectedFronts[i]!.x), `front ${i} x`).toBeLessThan(0.01);
          expect(Math.abs(card.y - expectedFronts[i]!.y), `front ${i} y`).toBeLessThan(0.01);
          expect(Math.abs(card.width - preset.die.width), `front ${i} width`).toBeLessThan(0.01);
          expect(Math.abs(card.height - preset.die.height), `front ${i} height`).toBeLessThan(0.01);
        });
        backs.forEach((card, i) => {
          expect(Math.abs(card.x - expectedBacks[i]!.x), `back ${i} x`).toBeLessThan(0.01);
          expect(Math.abs(card.y - expectedBacks[i]!.y), `back ${i} y`).toBeLessThan(0.01);
          expect(Math.abs(card.width - preset.die.width), `back ${i} width`).toBeLessThan(0.01);
        });
      }
    },
  );

  it("fronts only: one page per sheet; 12 cards on the 2 × 5 preset make 2 pages", async () => {
    const pdf = await PDFDocument.load(
      await composeSheets(cardPdfs, { grid: presets[0]!.grid, duplex: false, cropMarks: false }),
    );
    expect(pdf.getPageCount()).toBe(2);
    expect(drawnCards(pdf.getPage(0))).toHaveLength(10);
    expect(drawnCards(pdf.getPage(1))).toHaveLength(2);
  });

  it("a partly used pre-cut sheet: one duplicate at position 7 lies in the 7th die, front and mirrored back", async () => {
    const preset = presetById("precut-2x5")!;
    const pdf = await PDFDocument.load(
      await composeSheets(cardPdfs.slice(0, 1), {
        grid: preset.grid,
        die: preset.die,
        duplex: true,
        cropMarks: true,
        firstSlot: 6,
      }),
    );
    expect(pdf.getPageCount()).toBe(2);
    const [front, ...otherFronts] = drawnCards(pdf.getPage(0));
    const [back, ...otherBacks] = drawnCards(pdf.getPage(1));
    expect(otherFronts).toEqual([]);
    expect(otherBacks).toEqual([]);
    // Position 7 is row 4, left column: x 15 mm, y 13.5 + 3 × 54 = 175.5 mm; its back on the right, same height.
    expect(front!.x).toBeCloseTo(15, 2);
    expect(front!.y).toBeCloseTo(175.5, 2);
    expect(front!.width).toBeCloseTo(85, 2);
    expect(back!.x).toBeCloseTo(SHEET_MM.width - 15 - 85, 2);
    expect(back!.y).toBeCloseTo(175.5, 2);
  });

  it("cards past a partly used sheet's last position go on to whole sheets", async () => {
    const grid = presets[0]!.grid;
    const pdf = await PDFDocument.load(
      await composeSheets(cardPdfs.slice(0, 6), { grid, duplex: false, cropMarks: false, firstSlot: 7 }),
    );
    expect(pdf.getPageCount()).toBe(2);
    const slots = frontSlots(grid);
    const tenths = (x: number, y: number) => [x, y].map((mm) => Math.round(mm * 10) / 10);
    expect(drawnCards(pdf.getPage(0)).map((card) => tenths(card.x, card.y))).toEqual(
      slots.slice(7).map((slot) => tenths(slot.x, slot.y)),
    );
    expect(drawnCards(pdf.getPage(1)).map((card) => tenths(card.x, card.y))).toEqual(
      slots.slice(0, 3).map((slot) => tenths(slot.x, slot.y)),
    );
  });

  it("applies the printer's measured shift, separately for backs", async () => {
    const grid = presetById("plain-2x5")!.grid;
    const offsets = { front: { x: 1.5, y: -0.5 }, back: { x: -3, y: 2 } };
    const pdf = await PDFDocument.load(
      await composeSheets(cardPdfs.slice(0, 1), { grid, duplex: true, cropMarks: false, offsets }),
    );
    const [front] = drawnCards(pdf.getPage(0));
    const [back] = drawnCards(pdf.getPage(1));
    expect(front!.x).toBeCloseTo(grid.left + 1.5, 1);
    expect(front!.y).toBeCloseTo(grid.top - 0.5, 1);
    expect(back!.x).toBeCloseTo(SHEET_MM.width - grid.left - CARD_MM.width - 3, 1);
    expect(back!.y).toBeCloseTo(grid.top + 2, 1);
  });

  it("embeds cards as vector pages (no image of a whole card), with a footer line", async () => {
    const bytes = await composeSheets(cardPdfs.slice(0, 2), {
      grid: presets[0]!.grid,
      duplex: false,
      cropMarks: false,
      footer: (n, total) => `Lot A · page ${n}/${total} · 25/11/2026`,
    });
    const pdf = await PDFDocument.load(bytes);
    const page = pdf.getPage(0);
    expect(drawnCards(page).map((c) => c.name)).toHaveLength(2);
    const contents = page.node.Contents();
    const stream = contents instanceof PDFArray ? page.doc.context.lookup(contents.get(0)) : contents;
    const text = new TextDecoder("latin1").decode(decodePDFRawStream(stream as PDFRawStream).decode());
    expect(text).toMatch(/Tj/);
  });
});

describe("crop marks", () => {
  it("lie outside every card: none between touching rows, some in the margins and the gap between columns", () => {
    const grid = presets[0]!.grid;
    const slots = frontSlots(grid);
    const marks = cropMarks(slots);
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) {
      for (const s of slots) {
        const inside = (x: number, y: number) =>
          x > s.x + 0.01 && x < s.x + CARD_MM.width - 0.01 && y > s.y + 0.01 && y < s.y + CARD_MM.height - 0.01;
        expect(inside((m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2)).toBe(false);
      }
    }
    // Rows touch on pre-cut stock (pitch 54 mm): no vertical mark between them.
    const between = marks.filter((m) => m.x1 === m.x2 && m.y1 > grid.top + 1 && m.y2 < grid.top + 5 * 54 - 1);
    expect(between).toEqual([]);
  });
});

describe("calibrationSheet", () => {
  it("is one A4 page with the card outlines, and a second for the backs when printing both sides", async () => {
    const texts = { title: "Test", instructions: "Mesurez", backTitle: "Verso" };
    expect(
      (await PDFDocument.load(await calibrationSheet(presets[0]!.grid, { duplex: false, texts }))).getPageCount(),
    ).toBe(1);
    const both = await PDFDocument.load(await calibrationSheet(presets[0]!.grid, { duplex: true, texts }));
    expect(both.getPageCount()).toBe(2);
    expect(both.getPage(0).getWidth() / MM_TO_PT).toBeCloseTo(210, 1);
  });
});
