import { PDFDocument, StandardFonts, rgb, type PDFEmbeddedPage, type PDFFont, type PDFPage } from "pdf-lib";
import {
  CARD_MM,
  MM_TO_PT,
  NO_OFFSETS,
  SHEET_MM,
  artworkCrop,
  backSlots,
  cardsPerSheet,
  firstSlotOf,
  frontSlots,
  type GridLayout,
  type Offsets,
  type Size,
  type Slot,
} from "./layouts";

/**
 * Sheets of cards for the office printer, composed from the backend's card PDFs (page 1 the front, page 2 the
 * back) with pdf-lib. Cards are embedded as vector pages: text and QR codes stay sharp. Loaded only by the
 * print batch screen (pdf-lib is heavy).
 */

export interface SheetOptions {
  readonly grid: GridLayout;
  /** The card's size once cut (the preset's die, in mm): ID-1 when absent. */
  readonly die?: Size;
  /** A back page after each front page, backs mirrored for a long-edge flip. */
  readonly duplex: boolean;
  readonly cropMarks: boolean;
  readonly offsets?: Offsets;
  /** The footer line of a page (1-based page number, page count), printed outside the cards; none when absent. */
  readonly footer?: (page: number, pages: number) => string;
  /**
   * The first free position of the first sheet (0-based, row by row): a pre-cut sheet already partly used goes back
   * into the printer and the cards start where its cards are left. 0 (a whole sheet) when absent.
   */
  readonly firstSlot?: number;
}

const pt = (mm: number) => mm * MM_TO_PT;
const SHEET = { width: pt(SHEET_MM.width), height: pt(SHEET_MM.height) };
const inPoints = (size: Size): Size => ({ width: pt(size.width), height: pt(size.height) });

/** Standard fonts write WinAnsi only: anything else becomes "?" rather than failing the whole sheet. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF€’–—…]/gu, "?");

/**
 * Embeds a card page cut to the die's shape (artworkCrop: the overflow of the artwork is outside the embedded
 * page's box, so nothing of it is drawn past the cut).
 */
const embedCardPage = async (doc: PDFDocument, source: PDFDocument, index: number, die: Size) => {
  const page = source.getPage(index);
  const box = page.getMediaBox();
  const crop = artworkCrop(box, inPoints(die));
  return doc.embedPage(page, {
    left: box.x + crop.left,
    bottom: box.y + crop.bottom,
    right: box.x + crop.right,
    top: box.y + crop.top,
  });
};

/** Draws a card page, already cut to the die's shape, filling its slot (mm from the sheet's top-left). */
const drawCard = (page: PDFPage, card: PDFEmbeddedPage, slot: Slot, die: Size) => {
  const { width, height } = inPoints(die);
  page.drawPage(card, { x: pt(slot.x), y: SHEET.height - pt(slot.y) - height, width, height });
};

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Crop marks (mm): at each card corner, 4 mm lines 1 mm away, kept only where they touch no card. */
export const cropMarks = (
  slots: readonly Slot[],
  die: Size = CARD_MM,
): { x1: number; y1: number; x2: number; y2: number }[] => {
  const cards: Rect[] = slots.map((s) => ({ x: s.x, y: s.y, w: die.width, h: die.height }));
  const GAP = 1;
  const LENGTH = 4;
  const marks: { x1: number; y1: number; x2: number; y2: number }[] = [];
  for (const card of cards) {
    for (const y of [card.y, card.y + card.h]) {
      marks.push({ x1: card.x - GAP - LENGTH, y1: y, x2: card.x - GAP, y2: y });
      marks.push({ x1: card.x + card.w + GAP, y1: y, x2: card.x + card.w + GAP + LENGTH, y2: y });
    }
    for (const x of [card.x, card.x + card.w]) {
      marks.push({ x1: x, y1: card.y - GAP - LENGTH, x2: x, y2: card.y - GAP });
      marks.push({ x1: x, y1: card.y + card.h + GAP, x2: x, y2: card.y + card.h + GAP + LENGTH });
    }
  }
  const thin = 0.01;
  return marks.filter((m) => {
    const box: Rect = {
      x: Math.min(m.x1, m.x2) - thin,
      y: Math.min(m.y1, m.y2) - thin,
      w: Math.abs(m.x2 - m.x1) + 2 * thin,
      h: Math.abs(m.y2 - m.y1) + 2 * thin,
    };
    const onSheet = box.x >= 0 && box.y >= 0 && box.x + box.w <= SHEET_MM.width && box.y + box.h <= SHEET_MM.height;
    return onSheet && !cards.some((card) => overlaps(box, card));
  });
};

const drawCropMarks = (page: PDFPage, slots: readonly Slot[], die: Size) => {
  for (const m of cropMarks(slots, die)) {
    page.drawLine({
      start: { x: pt(m.x1), y: SHEET.height - pt(m.y1) },
      end: { x: pt(m.x2), y: SHEET.height - pt(m.y2) },
      thickness: 0.3,
      color: rgb(0, 0, 0),
    });
  }
};

/** The footer sits in the bottom margin, under the last row, centred. */
const drawFooter = (page: PDFPage, font: PDFFont, text: string) => {
  const size = 7;
  const line = winAnsi(text);
  page.drawText(line, {
    x: (SHEET.width - font.widthOfTextAtSize(line, size)) / 2,
    y: pt(5),
    size,
    font,
    color: rgb(0.3, 0.3, 0.3),
  });
};

/**
 * One sheet document from card PDFs, in order: fronts fill each page row by row, the first sheet from `firstSlot`;
 * with `duplex`, each front page is followed by its back page. A card PDF with one page has no back (its back slot
 * stays blank).
 */
export const composeSheets = async (cardPdfs: readonly Uint8Array[], options: SheetOptions): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const offsets = options.offsets ?? NO_OFFSETS;
  const die = options.die ?? CARD_MM;
  const perSheet = cardsPerSheet(options.grid);
  const fronts = frontSlots(options.grid, offsets.front);
  const backs = backSlots(options.grid, offsets.back, die);
  const first = firstSlotOf(options.firstSlot, perSheet);
  const sheets = Math.ceil((first + cardPdfs.length) / perSheet);
  const pages = sheets * (options.duplex ? 2 : 1);
  let pageNumber = 0;
  for (let sheet = 0; sheet < sheets; sheet++) {
    // The first sheet's used positions hold no card: its cards start at `first`.
    const skip = sheet === 0 ? first : 0;
    const start = sheet === 0 ? 0 : sheet * perSheet - first;
    const batch = cardPdfs.slice(start, start + perSheet - skip);
    const frontsHere = fronts.slice(skip);
    const backsHere = backs.slice(skip);
    const embedded: { front: PDFEmbeddedPage; back: PDFEmbeddedPage | null }[] = [];
    for (const bytes of batch) {
      const source = await PDFDocument.load(bytes);
      if (source.getPageCount() === 0) throw new Error("card PDF without a page");
      const front = await embedCardPage(doc, source, 0, die);
      const back = options.duplex && source.getPageCount() > 1 ? await embedCardPage(doc, source, 1, die) : null;
      embedded.push({ front, back });
    }
    const front = doc.addPage([SHEET.width, SHEET.height]);
    embedded.forEach((card, i) => drawCard(front, card.front, frontsHere[i]!, die));
    if (options.cropMarks) drawCropMarks(front, frontsHere.slice(0, embedded.length), die);
    pageNumber++;
    if (options.footer) drawFooter(front, font, options.footer(pageNumber, pages));
    if (options.duplex) {
      const back = doc.addPage([SHEET.width, SHEET.height]);
      embedded.forEach((card, i) => {
        if (card.back) drawCard(back, card.back, backsHere[i]!, die);
      });
      if (options.cropMarks) drawCropMarks(back, backsHere.slice(0, embedded.length), die);
      pageNumber++;
      if (options.footer) drawFooter(back, font, options.footer(pageNumber, pages));
    }
  }
  return doc.save();
};

export interface CalibrationTexts {
  readonly title: string;
  readonly instructions: string;
  readonly backTitle: string;
}

/** A ruler along the top and left edges: a tick each mm, longer each 5, numbered each 10. */
const drawRulers = (page: PDFPage, font: PDFFont) => {
  const black = rgb(0, 0, 0);
  for (let mm = 0; mm <= SHEET_MM.width; mm++) {
    const length = mm % 10 === 0 ? 5 : mm % 5 === 0 ? 3.5 : 2;
    page.drawLine({
      start: { x: pt(mm), y: SHEET.height },
      end: { x: pt(mm), y: SHEET.height - pt(length) },
      thickness: 0.25,
      color: black,
    });
    if (mm % 10 === 0 && mm > 0 && mm < SHEET_MM.width)
      page.drawText(String(mm), { x: pt(mm) + 1, y: SHEET.height - pt(8), size: 5, font });
  }
  for (let mm = 0; mm <= SHEET_MM.height; mm++) {
    const length = mm % 10 === 0 ? 5 : mm % 5 === 0 ? 3.5 : 2;
    page.drawLine({
      start: { x: 0, y: SHEET.height - pt(mm) },
      end: { x: pt(length), y: SHEET.height - pt(mm) },
      thickness: 0.25,
      color: black,
    });
    if (mm % 10 === 0 && mm > 0 && mm < SHEET_MM.height)
      page.drawText(String(mm), { x: pt(6), y: SHEET.height - pt(mm) - 2, size: 5, font });
  }
};

const drawOutlines = (page: PDFPage, font: PDFFont, slots: readonly Slot[], nominal: readonly Slot[], die: Size) => {
  const card = inPoints(die);
  slots.forEach((slot, i) => {
    page.drawRectangle({
      x: pt(slot.x),
      y: SHEET.height - pt(slot.y) - card.height,
      width: card.width,
      height: card.height,
      borderColor: rgb(0, 0, 0),
      borderWidth: 0.4,
    });
    const at = nominal[i]!;
    page.drawText(`${i + 1}: x ${at.x.toFixed(1)} mm, y ${at.y.toFixed(1)} mm`, {
      x: pt(slot.x) + 4,
      y: SHEET.height - pt(slot.y) - 10,
      size: 6,
      font,
    });
  });
};

/**
 * The calibration test sheet: rulers on the edges and the layout's card outlines, each labelled with where it
 * should start (mm from the paper's top-left edge). Printed with the current offsets applied, so a second test
 * shows whether the correction holds. With `duplex`, a second page holds the backs' outlines.
 */
export const calibrationSheet = async (
  grid: GridLayout,
  options: {
    readonly duplex: boolean;
    readonly offsets?: Offsets;
    readonly texts: CalibrationTexts;
    /** The card's size once cut (the preset's die): ID-1 when absent. */
    readonly die?: Size;
  },
): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const offsets = options.offsets ?? NO_OFFSETS;
  const die = options.die ?? CARD_MM;
  const sides: { title: string; slots: Slot[]; nominal: Slot[] }[] = [
    { title: options.texts.title, slots: frontSlots(grid, offsets.front), nominal: frontSlots(grid) },
    ...(options.duplex
      ? [
          {
            title: options.texts.backTitle,
            slots: backSlots(grid, offsets.back, die),
            nominal: backSlots(grid, undefined, die),
          },
        ]
      : []),
  ];
  for (const side of sides) {
    const page = doc.addPage([SHEET.width, SHEET.height]);
    drawRulers(page, font);
    drawOutlines(page, font, side.slots, side.nominal, die);
    page.drawText(winAnsi(side.title), { x: pt(12), y: pt(12), size: 9, font });
    page.drawText(winAnsi(options.texts.instructions), { x: pt(12), y: pt(7), size: 6.5, font, maxWidth: pt(186) });
  }
  return doc.save();
};
