/**
 * Sheet layouts for printing cards on A4, in millimetres from the sheet's top-left corner (as a ruler on the
 * paper reads them). Every preset's numbers live here, beside the product they match.
 */

/** A width and height in mm. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** ID-1 card (ISO/IEC 7810), the size of every card PDF (its artwork) and of a card cut by hand. */
export const CARD_MM: Size = { width: 85.6, height: 54 };

/**
 * How far inside the cut every line of text must stay (mm): the cut of a pre-cut sheet and a printer's shift
 * move by a few tenths of a millimetre, so text near the edge would be cut or crowd it.
 */
export const SAFE_MARGIN_MM = 1;
/** A4 portrait. */
export const SHEET_MM = { width: 210, height: 297 } as const;

export interface GridLayout {
  readonly columns: number;
  readonly rows: number;
  /** Left edge of the first column. */
  readonly left: number;
  /** Top edge of the first row. */
  readonly top: number;
  /** From one column's left edge to the next one's. */
  readonly pitchX: number;
  /** From one row's top edge to the next one's. */
  readonly pitchY: number;
}

export type PresetId = "precut-2x5" | "plain-2x5" | "centred-single";

/** What each preset's numbers were taken from is shown to the agent as `card:print.layout.products.<id>`. */
export interface Preset {
  readonly id: PresetId;
  readonly grid: GridLayout;
  /** The card's size once cut (a pre-cut sheet's die): the artwork is fitted to it. */
  readonly die: Size;
}

const oneCentred: GridLayout = {
  columns: 1,
  rows: 1,
  left: (SHEET_MM.width - CARD_MM.width) / 2,
  top: (SHEET_MM.height - CARD_MM.height) / 2,
  pitchX: CARD_MM.width,
  pitchY: CARD_MM.height,
};

export const presets: readonly Preset[] = [
  // Avery Zweckform C32011-10 and Geha's A4 business-card sheets: 10 pre-cut cards of 85 × 54 mm (not ID-1's
  // 85.6), 2 × 5, rows touching (left margin 15 mm, top 13.5 mm, pitch 95 × 54 mm, from the products' templates:
  // 15 + 95 + 85 leaves the same 15 mm on the right).
  {
    id: "precut-2x5",
    grid: { columns: 2, rows: 5, left: 15, top: 13.5, pitchX: 95, pitchY: 54 },
    die: { width: 85, height: 54 },
  },
  // Plain A4 paper cut by hand: 2 × 5 centred, 6 mm between columns and 2 mm between rows for the cutter.
  {
    id: "plain-2x5",
    grid: { columns: 2, rows: 5, left: 16.4, top: 9.5, pitchX: 91.6, pitchY: 56 },
    die: CARD_MM,
  },
  // Card printers fed with A4 carriers, or plain paper cut by hand: one card in the middle of the page.
  { id: "centred-single", grid: oneCentred, die: CARD_MM },
];

export const DEFAULT_PRESET: PresetId = "precut-2x5";

export const presetById = (id: string): Preset | undefined => presets.find((preset) => preset.id === id);

/** Where a card's top-left corner lands, in mm from the sheet's top-left corner. */
export interface Slot {
  readonly x: number;
  readonly y: number;
}

/** A shift measured on a printed test sheet (mm, right and down positive), per side. */
export interface Offsets {
  readonly front: Slot;
  readonly back: Slot;
}
export const NO_OFFSETS: Offsets = { front: { x: 0, y: 0 }, back: { x: 0, y: 0 } };

export const cardsPerSheet = (grid: GridLayout): number => grid.columns * grid.rows;

/** The first free position of a partly used sheet (0-based): a whole number within the sheet, else 0. */
export const firstSlotOf = (firstSlot: number | undefined, perSheet: number): number =>
  firstSlot !== undefined && Number.isInteger(firstSlot) && firstSlot > 0 && firstSlot < perSheet ? firstSlot : 0;

/** The slots of a sheet's fronts, row by row, left to right. */
export const frontSlots = (grid: GridLayout, offset: Slot = { x: 0, y: 0 }): Slot[] => {
  const slots: Slot[] = [];
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      slots.push({ x: grid.left + column * grid.pitchX + offset.x, y: grid.top + row * grid.pitchY + offset.y });
    }
  }
  return slots;
};

/**
 * The slots of the backs, in the same order as the fronts: turned over along the long edge (duplex,
 * long-edge flip), a card's back lies mirrored left to right, at the same height.
 */
export const backSlots = (grid: GridLayout, offset: Slot = { x: 0, y: 0 }, die: Size = CARD_MM): Slot[] =>
  frontSlots(grid).map((slot) => ({ x: SHEET_MM.width - slot.x - die.width + offset.x, y: slot.y + offset.y }));

/** Why a grid of `die`-sized cards cannot be printed, as an i18n key of the print namespace; null when it fits on A4. */
export const gridProblem = (grid: GridLayout, die: Size = CARD_MM): string | null => {
  const numbers = Object.values(grid);
  if (numbers.some((n) => !Number.isFinite(n))) return "card:print.layout.problems.number";
  if (!Number.isInteger(grid.columns) || !Number.isInteger(grid.rows) || grid.columns < 1 || grid.rows < 1)
    return "card:print.layout.problems.count";
  if (grid.columns * grid.rows > 40) return "card:print.layout.problems.count";
  if (grid.left < 0 || grid.top < 0) return "card:print.layout.problems.outside";
  if (grid.columns > 1 && grid.pitchX < die.width) return "card:print.layout.problems.overlap";
  if (grid.rows > 1 && grid.pitchY < die.height) return "card:print.layout.problems.overlap";
  const right = grid.left + (grid.columns - 1) * grid.pitchX + die.width;
  const bottom = grid.top + (grid.rows - 1) * grid.pitchY + die.height;
  if (right > SHEET_MM.width + 1e-9 || bottom > SHEET_MM.height + 1e-9) return "card:print.layout.problems.outside";
  return null;
};

export const MM_TO_PT = 72 / 25.4;

/**
 * The part of a card's artwork that fills a die: the artwork scaled to cover the die (never stretched), centred,
 * the overflow cut off. In the artwork's own units, from its bottom-left corner (as a PDF page's box reads).
 * For the 85.6 × 54 artwork on an 85 × 54 die, 0.3 mm goes at each side, and colour stops at the cut.
 */
export const artworkCrop = (
  artwork: Size,
  die: Size,
): { readonly left: number; readonly bottom: number; readonly right: number; readonly top: number } => {
  const scale = Math.max(die.width / artwork.width, die.height / artwork.height);
  const width = die.width / scale;
  const height = die.height / scale;
  const left = (artwork.width - width) / 2;
  const bottom = (artwork.height - height) / 2;
  return { left, bottom, right: left + width, top: bottom + height };
};
