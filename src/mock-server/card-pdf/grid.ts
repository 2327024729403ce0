import { normalizeText, type FontKey, type Measure } from "./text.ts";
import { palette } from "./theme.ts";
import type { Bilingual } from "./types.ts";
import { MIN_SIZES, type Ctx } from "./elements.ts";
import { bilingual, fitAndPlace, upper } from "./place.ts";

/**
 * Label/value grids: the flowing grid of the back (rows packed and shrunk until they fit), and the fixed grid of the
 * front (every cell's place set by the fields before it).
 */

export interface Field {
  readonly key: string;
  readonly label: Bilingual;
  /** Alone on its row, with room for two lines (fixed grid of the front). */
  readonly wide?: boolean;
  readonly value: string;
}

export interface GridStyle {
  readonly labelSize: number;
  readonly valueSize: number;
  readonly valueLines: number;
  readonly valueFont: FontKey;
  readonly rowGap: number;
  readonly columnGap: number;
  readonly pair: boolean;
}

export const LABEL_GAP = 0.5;

/** Lays out one label/value cell at `top`; returns its height. */
export const cell = (ctx: Ctx, f: Field, x: number, top: number, width: number, s: GridStyle): number => {
  const labelH = fitAndPlace(ctx, upper(bilingual(f.label)), {
    role: `label:${f.key}`,
    font: "regular",
    color: palette.label,
    x,
    top,
    width,
    maxSize: s.labelSize,
    minSize: MIN_SIZES.label,
    lineHeight: 1.25,
  });
  const value = normalizeText(f.value) === "" ? "—" : f.value;
  const valueH = fitAndPlace(ctx, value, {
    role: `value:${f.key}`,
    font: s.valueFont,
    color: palette.ink,
    x,
    top: top + labelH + LABEL_GAP,
    width,
    maxSize: s.valueSize,
    minSize: MIN_SIZES.value,
    maxLines: s.valueLines,
    lineHeight: 1.2,
  });
  return labelH + LABEL_GAP + valueH;
};

/** Groups fields into rows: two "short" fields share a row (the second may come from further down the list). */
export const packRows = (m: Measure, fields: readonly Field[], half: number, s: GridStyle): Field[][] => {
  if (!s.pair) return fields.map((f) => [f]);
  const isShort = (f: Field): boolean =>
    m.width(normalizeText(f.value), s.valueFont, s.valueSize) <= half &&
    m.width(upper(bilingual(f.label)), "regular", Math.max(MIN_SIZES.label, s.labelSize * 0.9)) <= half;
  const rest = [...fields];
  const rows: Field[][] = [];
  while (rest.length > 0) {
    const first = rest.shift() as Field;
    const partner = isShort(first) ? rest.findIndex(isShort) : -1;
    rows.push(partner >= 0 ? [first, ...rest.splice(partner, 1)] : [first]);
  }
  return rows;
};

/** Lays the grid out from `top`; rows that would cross `bottom` are left out. Returns height and whether all fit. */
export const grid = (
  ctx: Ctx,
  fields: readonly Field[],
  area: { x: number; top: number; width: number; bottom: number },
  s: GridStyle,
): { height: number; complete: boolean; rows: number } => {
  const half = (area.width - s.columnGap) / 2;
  let y = area.top;
  let complete = true;
  let rows = 0;
  for (const row of packRows(ctx.m, fields, half, s)) {
    const probe: Ctx = { m: ctx.m, out: [], truncated: false };
    const heights = row.map((f, i) =>
      cell(probe, f, area.x + i * (half + s.columnGap), y, row.length === 1 ? area.width : half, s),
    );
    const h = Math.max(...heights);
    if (y + h > area.bottom + 1e-6) {
      complete = false;
      break;
    }
    ctx.out.push(...probe.out);
    if (probe.truncated) ctx.truncated = true;
    y += h + s.rowGap;
    rows++;
  }
  return { height: y - area.top - s.rowGap, complete, rows };
};

/**
 * Tries decreasing scales and keeps the first attempt where every row fits and nothing was cut; failing that, the
 * first where every row fits (some text ends in "…"); failing that, the last (rows that did not fit left out).
 */
export const fitBlock = (
  ctx: Ctx,
  attempts: readonly Attempt[],
  draw: (c: Ctx, a: Attempt) => { height: number; complete: boolean },
  available: number,
): void => {
  let chosen: { trial: Ctx; fits: boolean } | undefined;
  let firstFitting: { trial: Ctx; fits: boolean } | undefined;
  for (const a of attempts) {
    const trial: Ctx = { m: ctx.m, out: [], truncated: false };
    const r = draw(trial, a);
    const t = { trial, fits: r.complete && r.height <= available + 1e-6 };
    if (t.fits && !trial.truncated) {
      chosen = t;
      break;
    }
    if (t.fits) firstFitting ??= t;
    chosen = t;
  }
  chosen = chosen && chosen.fits && !chosen.trial.truncated ? chosen : (firstFitting ?? chosen);
  if (!chosen) return;
  ctx.out.push(...chosen.trial.out);
  if (chosen.trial.truncated || !chosen.fits) ctx.truncated = true;
};

export interface Attempt {
  readonly scale: number;
  /** Lines allowed for names (front) and for values. */
  readonly nameLines: number;
  readonly lines: number;
}

/** Shrink first, then give up value wrapping, then name wrapping. */
export const ATTEMPTS: readonly Attempt[] = [
  ...[1, 0.94, 0.88, 0.82, 0.76, 0.7].map((scale) => ({ scale, nameLines: 2, lines: 2 })),
  ...[0.82, 0.76, 0.7].map((scale) => ({ scale, nameLines: 2, lines: 1 })),
  { scale: 0.7, nameLines: 1, lines: 1 },
];

/** Row heights of the fixed grid: a one-line value, or a wide value that may take two lines. */
const ROW = { label: 3.4, labelLine: 1.25, value: 6.4, valueMin: MIN_SIZES.value, valueLine: 1.2, gap: 0.8 } as const;
const rowHeight = (wide: boolean) =>
  ROW.label * ROW.labelLine + LABEL_GAP + (wide ? 2 * ROW.valueMin * ROW.valueLine : ROW.value * ROW.valueLine);

/**
 * Label/value cells in rows of two, a wide value (a faculty, a department) alone on its row with room for two
 * lines: each cell's place depends only on the fields before it, never on their values' length.
 */
export const fixedGrid = (
  ctx: Ctx,
  fields: readonly Field[],
  area: { x: number; top: number; width: number; bottom: number },
): void => {
  const columnGap = 6;
  const half = (area.width - columnGap) / 2;
  // A narrow field takes the next narrow one as its partner, even from further down (as the kind's order is fixed,
  // so is the pairing).
  const rest = [...fields];
  const rows: Field[][] = [];
  while (rest.length > 0) {
    const field = rest.shift() as Field;
    const partner = field.wide ? -1 : rest.findIndex((other) => !other.wide);
    rows.push(partner >= 0 ? [field, ...rest.splice(partner, 1)] : [field]);
  }
  let y = area.top;
  for (const row of rows) {
    const wide = row[0]?.wide === true;
    const h = rowHeight(wide);
    if (y + h > area.bottom + 1e-6) {
      ctx.truncated = true;
      return;
    }
    row.forEach((field, i) => {
      const x = area.x + i * (half + columnGap);
      const width = wide ? area.width : half;
      const labelH = fitAndPlace(ctx, upper(bilingual(field.label)), {
        role: `label:${field.key}`,
        font: "regular",
        color: palette.label,
        x,
        top: y,
        width,
        maxSize: ROW.label,
        minSize: MIN_SIZES.label,
        lineHeight: ROW.labelLine,
      });
      const valueTop = y + Math.max(labelH, ROW.label * ROW.labelLine) + LABEL_GAP;
      fitAndPlace(ctx, normalizeText(field.value) === "" ? "—" : field.value, {
        role: `value:${field.key}`,
        font: "bold",
        color: palette.ink,
        x,
        top: valueTop,
        width,
        maxSize: ROW.value,
        minSize: ROW.valueMin,
        lineHeight: ROW.valueLine,
        maxLines: wide ? 2 : 1,
        singleLineRatio: 0.8,
        maxHeight: y + h - valueTop,
      });
    });
    y += h + ROW.gap;
  }
};
