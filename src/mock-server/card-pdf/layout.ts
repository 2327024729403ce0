/**
 * Card layout as data: every shape and every fitted text line with the box it was given, in a top-down
 * coordinate system (points, origin at the card's top-left corner). `render.ts` draws it; tests check it.
 * Pure: fonts are only seen through `Measure`.
 */
import { qrMatrix, type QrLevel, type QrMatrix } from "./qr.ts";
import { fitText, normalizeText, type Fitted, type FontKey, type Measure } from "./text.ts";
import { cardTexts, defaultUniversityName, kindThemes, palette, type KindTheme, type Rgb } from "./theme.ts";
import type { Bilingual, CardPdfInput } from "./types.ts";

/** ID-1 (ISO/IEC 7810): 85.60 × 53.98 mm in points, landscape. */
export const CARD_WIDTH = 242.65;
export const CARD_HEIGHT = 153.01;

/** Smallest sizes text may shrink to (points). Below ~3 pt print becomes unreadable. */
export const MIN_SIZES = { name: 5.5, value: 4.2, label: 2.8, small: 3.2 } as const;

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export type CardElement =
  | {
      readonly type: "rect";
      readonly box: Box;
      readonly fill?: Rgb;
      readonly stroke?: Rgb;
      readonly strokeWidth?: number;
      readonly radius?: number;
      readonly opacity?: number;
    }
  | {
      readonly type: "circle";
      readonly cx: number;
      readonly cy: number;
      readonly r: number;
      readonly fill?: Rgb;
      readonly stroke?: Rgb;
      readonly strokeWidth?: number;
      readonly opacity?: number;
    }
  /** SVG path data in card coordinates (top-down). */
  | { readonly type: "path"; readonly d: string; readonly fill: Rgb; readonly opacity?: number }
  | {
      readonly type: "text";
      /** What the line is, for tests and debugging (e.g. "lastname", "label:register"). */
      readonly role: string;
      readonly text: string;
      readonly font: FontKey;
      readonly size: number;
      readonly color: Rgb;
      /** Left edge of the glyphs and baseline position. */
      readonly x: number;
      readonly baseline: number;
      /** Measured advance width of `text` at `size`. */
      readonly width: number;
      /** The space this line was given: the text never extends beyond it horizontally. */
      readonly box: Box;
    }
  | { readonly type: "photo"; readonly box: Box }
  | { readonly type: "qr"; readonly box: Box; readonly matrix: QrMatrix; readonly color: Rgb };

export type TextElement = Extract<CardElement, { type: "text" }>;

export interface CardLayout {
  readonly width: number;
  readonly height: number;
  readonly front: readonly CardElement[];
  readonly back: readonly CardElement[];
  /** False when, even at minimum sizes, some text had to be cut with "…" or a row left out. */
  readonly complete: boolean;
}

export interface LayoutOptions {
  readonly universityName?: Bilingual;
  readonly qrErrorCorrection?: QrLevel;
}

type Align = "left" | "center" | "right";

interface Ctx {
  readonly m: Measure;
  readonly out: CardElement[];
  truncated: boolean;
}

const bilingual = (b: Bilingual, sep = " / "): string =>
  normalizeText(b.fr).toLocaleLowerCase("fr") === normalizeText(b.en).toLocaleLowerCase("fr")
    ? b.fr
    : `${b.fr}${sep}${b.en}`;

const upper = (s: string): string => s.toLocaleUpperCase("fr");

/** Emits the lines of a fitted text stacked from `top`; returns the height used. */
const placeLines = (
  ctx: Ctx,
  fitted: Fitted,
  o: {
    role: string;
    font: FontKey;
    color: Rgb;
    x: number;
    top: number;
    width: number;
    lineHeight: number;
    align?: Align;
  },
): number => {
  const lineH = fitted.size * o.lineHeight;
  if (fitted.truncated) ctx.truncated = true;
  fitted.lines.forEach((text, i) => {
    const width = ctx.m.width(text, o.font, fitted.size);
    const top = o.top + i * lineH;
    const inset = o.align === "center" ? (o.width - width) / 2 : o.align === "right" ? o.width - width : 0;
    const glyphs = (ctx.m.ascent + ctx.m.descent) * fitted.size;
    ctx.out.push({
      type: "text",
      role: o.role,
      text,
      font: o.font,
      size: fitted.size,
      color: o.color,
      x: o.x + Math.max(0, inset),
      baseline: top + (lineH - glyphs) / 2 + ctx.m.ascent * fitted.size,
      width,
      box: { x: o.x, y: top, w: o.width, h: lineH },
    });
  });
  return fitted.lines.length * lineH;
};

const fitAndPlace = (
  ctx: Ctx,
  text: string,
  o: {
    role: string;
    font: FontKey;
    color: Rgb;
    x: number;
    top: number;
    width: number;
    maxSize: number;
    minSize: number;
    maxLines?: number;
    lineHeight?: number;
    align?: Align;
    singleLineRatio?: number;
    /** Keep the lines inside this height (a fixed box). */
    maxHeight?: number;
  },
): number => {
  const fitted = fitText(ctx.m, text, {
    font: o.font,
    maxSize: o.maxSize,
    minSize: Math.min(o.minSize, o.maxSize),
    maxWidth: o.width,
    maxLines: o.maxLines ?? 1,
    singleLineRatio: o.singleLineRatio ?? 0.85,
    ...(o.maxHeight === undefined ? {} : { maxHeight: o.maxHeight, lineHeight: o.lineHeight ?? 1.2 }),
  });
  return placeLines(ctx, fitted, { ...o, lineHeight: o.lineHeight ?? 1.2 });
};

// ---------------------------------------------------------------------------------------------------------------
// Shapes

const fmt = (n: number): string => (Math.round(n * 100) / 100).toString();

/** Five-pointed star (the star of the Cameroonian flag) as an SVG path. */
export const starPath = (cx: number, cy: number, r: number): string => {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${fmt(cx + radius * Math.cos(angle))} ${fmt(cy + radius * Math.sin(angle))}`);
  }
  return `M ${points.join(" L ")} Z`;
};

/** Rounded rectangle as an SVG path. */
export const roundedRectPath = (b: Box, radius: number): string => {
  const r = Math.min(radius, b.w / 2, b.h / 2);
  const { x, y, w, h } = b;
  return [
    `M ${fmt(x + r)} ${fmt(y)}`,
    `H ${fmt(x + w - r)}`,
    `Q ${fmt(x + w)} ${fmt(y)} ${fmt(x + w)} ${fmt(y + r)}`,
    `V ${fmt(y + h - r)}`,
    `Q ${fmt(x + w)} ${fmt(y + h)} ${fmt(x + w - r)} ${fmt(y + h)}`,
    `H ${fmt(x + r)}`,
    `Q ${fmt(x)} ${fmt(y + h)} ${fmt(x)} ${fmt(y + h - r)}`,
    `V ${fmt(y + r)}`,
    `Q ${fmt(x)} ${fmt(y)} ${fmt(x + r)} ${fmt(y)}`,
    "Z",
  ].join(" ");
};

const tricolour = (out: CardElement[], y: number, h: number): void => {
  const third = CARD_WIDTH / 3;
  [palette.flagGreen, palette.flagRed, palette.flagYellow].forEach((fill, i) =>
    out.push({ type: "rect", box: { x: i * third, y, w: i === 2 ? CARD_WIDTH - 2 * third : third, h }, fill }),
  );
};

// ---------------------------------------------------------------------------------------------------------------
// Label / value grid

export interface Field {
  readonly key: string;
  readonly label: Bilingual;
  /** Alone on its row, with room for two lines (fixed grid of the front). */
  readonly wide?: boolean;
  readonly value: string;
}

interface GridStyle {
  readonly labelSize: number;
  readonly valueSize: number;
  readonly valueLines: number;
  readonly valueFont: FontKey;
  readonly rowGap: number;
  readonly columnGap: number;
  readonly pair: boolean;
}

const LABEL_GAP = 0.5;

/** Lays out one label/value cell at `top`; returns its height. */
const cell = (ctx: Ctx, f: Field, x: number, top: number, width: number, s: GridStyle): number => {
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
const packRows = (m: Measure, fields: readonly Field[], half: number, s: GridStyle): Field[][] => {
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
const grid = (
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
const fitBlock = (
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

interface Attempt {
  readonly scale: number;
  /** Lines allowed for names (front) and for values. */
  readonly nameLines: number;
  readonly lines: number;
}

/** Shrink first, then give up value wrapping, then name wrapping. */
const ATTEMPTS: readonly Attempt[] = [
  ...[1, 0.94, 0.88, 0.82, 0.76, 0.7].map((scale) => ({ scale, nameLines: 2, lines: 2 })),
  ...[0.82, 0.76, 0.7].map((scale) => ({ scale, nameLines: 2, lines: 1 })),
  { scale: 0.7, nameLines: 1, lines: 1 },
];

// ---------------------------------------------------------------------------------------------------------------
// Front

const M = 9; // side margin

const front = (ctx: Ctx, input: CardPdfInput, theme: KindTheme, university: Bilingual): void => {
  const { out } = ctx;
  out.push({ type: "rect", box: { x: 0, y: 0, w: CARD_WIDTH, h: CARD_HEIGHT }, fill: palette.paper });

  // Header band with emblem and university name.
  const bandH = 31;
  out.push({ type: "rect", box: { x: 0, y: 0, w: CARD_WIDTH, h: bandH }, fill: palette.band });
  out.push({ type: "circle", cx: CARD_WIDTH - 18, cy: -8, r: 44, fill: palette.white, opacity: 0.05 });
  out.push({ type: "circle", cx: CARD_WIDTH - 18, cy: -8, r: 30, fill: palette.white, opacity: 0.05 });
  out.push({ type: "circle", cx: 20, cy: 15.5, r: 11, fill: palette.gold });
  out.push({ type: "circle", cx: 20, cy: 15.5, r: 9.4, stroke: palette.band, strokeWidth: 0.5 });
  out.push({ type: "path", d: starPath(20, 16.2, 6.6), fill: palette.band });
  const nameX = 37;
  const nameW = CARD_WIDTH - nameX - M;
  fitAndPlace(ctx, upper(university.fr), {
    role: "university:fr",
    font: "bold",
    color: palette.white,
    x: nameX,
    top: 6.5,
    width: nameW,
    maxSize: 7.4,
    minSize: 4,
  });
  fitAndPlace(ctx, university.en, {
    role: "university:en",
    font: "regular",
    color: palette.goldPale,
    x: nameX,
    top: 16.5,
    width: nameW,
    maxSize: 6,
    minSize: 3.6,
  });

  // Kind ribbon.
  const ribbon: Box = { x: 0, y: bandH, w: CARD_WIDTH, h: 10 };
  out.push({ type: "rect", box: ribbon, fill: theme.accent });
  // A replacement says so where a guard looks first (extension lifecycle: sequence 2 and more).
  const duplicate = input.sequence !== undefined && input.sequence > 1 ? `   ·   DUPLICATA N°${input.sequence}` : "";
  const kindText = `${upper(theme.title.fr)}   ·   ${upper(theme.title.en)}${duplicate}`;
  const kindFit = fitText(ctx.m, kindText, {
    font: "bold",
    maxSize: 5.6,
    minSize: 3.6,
    maxWidth: CARD_WIDTH - 2 * M,
    maxLines: 1,
  });
  placeLines(ctx, kindFit, {
    role: "kind",
    font: "bold",
    color: theme.onAccent,
    x: M,
    top: ribbon.y + (ribbon.h - kindFit.size * 1.2) / 2,
    width: CARD_WIDTH - 2 * M,
    lineHeight: 1.2,
    align: "center",
  });

  // Watermark star behind the text column.
  out.push({ type: "path", d: starPath(CARD_WIDTH - 42, 92, 40), fill: palette.band, opacity: 0.045 });

  // Photo with a white mat and a hairline frame.
  const photo: Box = { x: M + 1, y: 47, w: 52, h: 65 };
  out.push({
    type: "rect",
    box: { x: photo.x - 1.6, y: photo.y - 1.6, w: photo.w + 3.2, h: photo.h + 3.2 },
    fill: palette.white,
    stroke: palette.rule,
    strokeWidth: 0.5,
  });
  out.push({ type: "photo", box: photo });

  // Footer: card number and motto, then the flag's tricolour on the bottom edge.
  const stripeH = 2.2;
  const footerTop = 136.5;
  out.push({
    type: "rect",
    box: { x: 0, y: footerTop, w: CARD_WIDTH, h: CARD_HEIGHT - stripeH - footerTop },
    fill: palette.footer,
  });
  tricolour(out, CARD_HEIGHT - stripeH, stripeH);
  // With a validity end (extension lifecycle) the footer has three columns: card number, valid until, motto.
  const validUntil = normalizeText(input.validUntil ?? "");
  const footerMid = (CARD_WIDTH - 2 * M) * (validUntil ? 0.36 : 0.52);
  fitAndPlace(ctx, upper(bilingual(cardTexts.cardNumber)), {
    role: "label:code",
    font: "regular",
    color: palette.label,
    x: M,
    top: footerTop + 1.6,
    width: footerMid,
    maxSize: 3.4,
    minSize: MIN_SIZES.label,
    lineHeight: 1.25,
  });
  fitAndPlace(ctx, input.code, {
    role: "code",
    font: "bold",
    color: palette.ink,
    x: M,
    top: footerTop + 5.9,
    width: footerMid,
    maxSize: 6,
    minSize: MIN_SIZES.small,
  });
  let mottoX = M + footerMid + 4;
  if (validUntil) {
    const validW = (CARD_WIDTH - 2 * M) * 0.3;
    fitAndPlace(ctx, upper(bilingual(cardTexts.validUntil)), {
      role: "label:validUntil",
      font: "regular",
      color: palette.label,
      x: mottoX,
      top: footerTop + 1.6,
      width: validW,
      maxSize: 3.4,
      minSize: MIN_SIZES.label,
      lineHeight: 1.25,
    });
    fitAndPlace(ctx, validUntil, {
      role: "value:validUntil",
      font: "bold",
      color: palette.ink,
      x: mottoX,
      top: footerTop + 5.9,
      width: validW,
      maxSize: 6,
      minSize: MIN_SIZES.small,
    });
    mottoX += validW + 4;
  }
  const mottoW = CARD_WIDTH - M - mottoX;
  fitAndPlace(ctx, "Paix – Travail – Patrie", {
    role: "motto:fr",
    font: "bold",
    color: palette.band,
    x: mottoX,
    top: footerTop + 2.2,
    width: mottoW,
    maxSize: 4,
    minSize: MIN_SIZES.label,
    align: "right",
  });
  fitAndPlace(ctx, "Peace – Work – Fatherland", {
    role: "motto:en",
    font: "regular",
    color: palette.label,
    x: mottoX,
    top: footerTop + 7.2,
    width: mottoW,
    maxSize: 3.6,
    minSize: MIN_SIZES.label,
    align: "right",
  });

  // The academic year under the photo, where validity is read at a glance.
  const yearBox = { x: photo.x - 1.6, top: 116.5, width: photo.w + 3.2 };
  const yearLabelH = fitAndPlace(ctx, upper(bilingual(cardTexts.academicYear)), {
    role: "label:academicYear",
    font: "regular",
    color: palette.label,
    x: yearBox.x,
    top: yearBox.top,
    width: yearBox.width,
    maxSize: 3.2,
    minSize: MIN_SIZES.label,
    lineHeight: 1.25,
    maxLines: 2,
    maxHeight: 7.2,
    align: "center",
  });
  fitAndPlace(ctx, normalizeText(input.academicYear) || "—", {
    role: "value:academicYear",
    font: "bold",
    color: palette.ink,
    x: yearBox.x,
    top: yearBox.top + yearLabelH + LABEL_GAP,
    width: yearBox.width,
    maxSize: 6.4,
    minSize: MIN_SIZES.small,
    align: "center",
  });

  // Text column in fixed boxes: however long a value, it shrinks or wraps inside its own box and every other
  // field stays where it is on every card of the kind.
  const col = { x: photo.x + photo.w + 9, top: 46, bottom: footerTop - 3 };
  const colW = CARD_WIDTH - M - col.x;
  fitAndPlace(ctx, upper(input.lastname), {
    role: "lastname",
    font: "bold",
    color: palette.ink,
    x: col.x,
    top: col.top,
    width: colW,
    maxSize: 10.5,
    minSize: MIN_SIZES.name,
    maxLines: 2,
    lineHeight: 1.12,
    singleLineRatio: 0.62,
    maxHeight: NAME_BOX.last,
  });
  fitAndPlace(ctx, input.firstname, {
    role: "firstname",
    font: "regular",
    color: palette.ink,
    x: col.x,
    top: col.top + NAME_BOX.last,
    width: colW,
    maxSize: 8,
    minSize: MIN_SIZES.name,
    maxLines: 2,
    lineHeight: 1.18,
    singleLineRatio: 0.7,
    maxHeight: NAME_BOX.first,
  });
  const ruleY = col.top + NAME_BOX.last + NAME_BOX.first + 0.8;
  out.push({ type: "rect", box: { x: col.x, y: ruleY, w: 18, h: 0.9 }, fill: theme.accent });
  const fields: Field[] = [
    { key: "register", label: cardTexts.register, value: input.register },
    ...(input.birthDate ? [{ key: "birthDate", label: cardTexts.birthDate, value: input.birthDate }] : []),
    ...input.lines.map((l, i) => ({ key: `line${i}`, label: l.label, value: l.value, wide: l.wide === true })),
  ];
  fixedGrid(ctx, fields, { x: col.x, top: ruleY + 0.9 + 2.4, width: colW, bottom: col.bottom });
};

/** Heights of the name boxes: two lines at the smallest name size, or one line at the largest. */
const NAME_BOX = { last: 12.4, first: 13 } as const;

/** Row heights of the fixed grid: a one-line value, or a wide value that may take two lines. */
const ROW = { label: 3.4, labelLine: 1.25, value: 6.4, valueMin: MIN_SIZES.value, valueLine: 1.2, gap: 0.8 } as const;
const rowHeight = (wide: boolean) =>
  ROW.label * ROW.labelLine + LABEL_GAP + (wide ? 2 * ROW.valueMin * ROW.valueLine : ROW.value * ROW.valueLine);

/**
 * Label/value cells in rows of two, a wide value (a faculty, a department) alone on its row with room for two
 * lines: each cell's place depends only on the fields before it, never on their values' length.
 */
const fixedGrid = (
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

// ---------------------------------------------------------------------------------------------------------------
// Back

/**
 * A Cameroonian number grouped for reading aloud: "671234567" → "6 71 23 45 67", "+237699112233" →
 * "+237 6 99 11 22 33". Anything else (another country, letters) is printed as written.
 */
export const groupPhone = (phone: string): string => {
  const compact = phone.replace(/[\s.()-]/g, "");
  const match = /^(\+?237|00237)?([26]\d{8})$/.exec(compact);
  if (!match) return phone;
  const [, prefix, national = ""] = match;
  const grouped = `${national[0]} ${national.slice(1).replace(/(\d{2})(?=\d)/g, "$1 ")}`;
  return prefix ? `+237 ${grouped}` : grouped;
};

/** The QR's side on the card (points) when its modules are large enough at that size. */
const QR_SIDE = 71;
/** The smallest module printed: 0.4 mm, which a phone reads at arm's length on an ID-1 card. */
const MIN_QR_MODULE = (0.4 / 25.4) * 72;

const back = (ctx: Ctx, input: CardPdfInput, theme: KindTheme, level: QrLevel): void => {
  const { out } = ctx;
  out.push({ type: "rect", box: { x: 0, y: 0, w: CARD_WIDTH, h: CARD_HEIGHT }, fill: palette.paper });

  // Header band: medical cross, title, card number.
  const bandH = 17;
  out.push({ type: "rect", box: { x: 0, y: 0, w: CARD_WIDTH, h: bandH }, fill: palette.band });
  out.push({ type: "rect", box: { x: 0, y: bandH, w: CARD_WIDTH, h: 2.2 }, fill: theme.accent });
  const cx = M + 5.5;
  const cy = bandH / 2;
  out.push({ type: "circle", cx, cy, r: 5.6, fill: palette.white });
  out.push({ type: "rect", box: { x: cx - 1.15, y: cy - 3.6, w: 2.3, h: 7.2 }, fill: palette.blood });
  out.push({ type: "rect", box: { x: cx - 3.6, y: cy - 1.15, w: 7.2, h: 2.3 }, fill: palette.blood });
  const codeFit = fitText(ctx.m, input.code, {
    font: "regular",
    maxSize: 4.8,
    minSize: MIN_SIZES.small,
    maxWidth: 70,
    maxLines: 1,
  });
  const codeW = Math.max(codeFit.width, 1);
  placeLines(ctx, codeFit, {
    role: "code",
    font: "regular",
    color: palette.goldPale,
    x: CARD_WIDTH - M - codeW,
    top: (bandH - codeFit.size * 1.2) / 2,
    width: codeW,
    lineHeight: 1.2,
    align: "right",
  });
  const titleX = cx + 9;
  const titleW = CARD_WIDTH - M - codeW - 6 - titleX;
  const titleFit = fitText(ctx.m, `${upper(cardTexts.emergency.fr)} · ${upper(cardTexts.emergency.en)}`, {
    font: "bold",
    maxSize: 5.6,
    minSize: MIN_SIZES.small,
    maxWidth: titleW,
    maxLines: 1,
  });
  placeLines(ctx, titleFit, {
    role: "emergency-title",
    font: "bold",
    color: palette.white,
    x: titleX,
    top: (bandH - titleFit.size * 1.2) / 2,
    width: titleW,
    lineHeight: 1.2,
  });

  // QR panel on the right, caption below. A large symbol (a signed QR, version 13) keeps modules of at least
  // 0.4 mm: its panel grows left and up into the space above it, with a narrower white margin (the card's paper
  // around the panel is near white, so the quiet zone goes on beyond it).
  const matrix = qrMatrix(input.checkUrl, level);
  const qrSide = Math.max(QR_SIDE, matrix.size * MIN_QR_MODULE);
  const inset = qrSide > QR_SIDE ? 3 : 4.5;
  const side = qrSide + 2 * inset;
  const panel: Box = { x: CARD_WIDTH - M - side, y: Math.min(25, 105 - side), w: side, h: side };
  out.push({ type: "path", d: roundedRectPath(panel, 3), fill: palette.white });
  out.push({ type: "rect", box: panel, stroke: palette.rule, strokeWidth: 0.5, radius: 3 });
  out.push({
    type: "qr",
    box: { x: panel.x + inset, y: panel.y + inset, w: qrSide, h: qrSide },
    matrix,
    color: palette.ink,
  });
  let capY = panel.y + panel.h + 2.4;
  capY += fitAndPlace(ctx, cardTexts.scan.fr, {
    role: "scan:fr",
    font: "bold",
    color: palette.ink,
    x: panel.x,
    top: capY,
    width: panel.w,
    maxSize: 4.4,
    minSize: MIN_SIZES.small,
    align: "center",
  });
  fitAndPlace(ctx, cardTexts.scan.en, {
    role: "scan:en",
    font: "regular",
    color: palette.label,
    x: panel.x,
    top: capY,
    width: panel.w,
    maxSize: 4.2,
    minSize: MIN_SIZES.small,
    align: "center",
  });

  // Finder notice across the bottom.
  const noticeTop = 123;
  out.push({ type: "rect", box: { x: M, y: noticeTop - 3, w: CARD_WIDTH - 2 * M, h: 0.5 }, fill: palette.rule });
  const stripeH = 2.2;
  tricolour(out, CARD_HEIGHT - stripeH, stripeH);
  let ny = noticeTop;
  ny += fitAndPlace(ctx, theme.finder.fr, {
    role: "finder:fr",
    font: "regular",
    color: palette.ink,
    x: M,
    top: ny,
    width: CARD_WIDTH - 2 * M,
    maxSize: 4.3,
    minSize: MIN_SIZES.small,
    maxLines: 2,
    lineHeight: 1.2,
  });
  fitAndPlace(ctx, theme.finder.en, {
    role: "finder:en",
    font: "regular",
    color: palette.label,
    x: M,
    top: ny + 0.6,
    width: CARD_WIDTH - 2 * M,
    maxSize: 4.3,
    minSize: MIN_SIZES.small,
    maxLines: 2,
    lineHeight: 1.2,
  });

  // Emergency details on the left: blood group badge, then allergies and the contact.
  const col = { x: M, top: 25, bottom: panel.y + panel.h + 12 };
  const colW = panel.x - 9 - col.x;
  const fields: Field[] = [
    { key: "allergies", label: cardTexts.allergies, value: input.allergies },
    { key: "contactName", label: cardTexts.contactName, value: input.contactName },
    { key: "contactPhone", label: cardTexts.contactPhone, value: groupPhone(input.contactPhone) },
  ];
  fitBlock(
    ctx,
    ATTEMPTS,
    (c, { scale: s, lines }) => {
      let y = col.top;
      y += fitAndPlace(c, upper(bilingual(cardTexts.bloodGroup)), {
        role: "label:bloodGroup",
        font: "regular",
        color: palette.label,
        x: col.x,
        top: y,
        width: colW,
        maxSize: 3.6 * Math.max(s, 0.85),
        minSize: MIN_SIZES.label,
        lineHeight: 1.25,
      });
      y += LABEL_GAP + 0.6;
      const badgeH = 12 * s;
      const blood = fitText(c.m, normalizeText(input.bloodGroup) || "—", {
        font: "bold",
        maxSize: 8.6 * s,
        minSize: MIN_SIZES.value,
        maxWidth: colW - 8,
        maxLines: 1,
      });
      const badge: Box = { x: col.x, y, w: Math.max(blood.width + 8, badgeH * 1.8), h: badgeH };
      c.out.push({ type: "path", d: roundedRectPath(badge, 2.4), fill: palette.blood });
      placeLines(c, blood, {
        role: "value:bloodGroup",
        font: "bold",
        color: palette.white,
        x: badge.x + 4,
        top: badge.y + (badgeH - blood.size * 1.2) / 2,
        width: badge.w - 8,
        lineHeight: 1.2,
        align: "center",
      });
      const style: GridStyle = {
        labelSize: 3.6 * Math.max(s, 0.85),
        valueSize: 6.2 * s,
        valueLines: lines + 1,
        valueFont: "bold",
        rowGap: 3.2 * s,
        columnGap: 6,
        pair: false,
      };
      const area = { x: col.x, top: y + badgeH + style.rowGap, width: colW, bottom: col.bottom };
      // Spread the rows so the column ends level with the QR panel when there is room (at most +4 pt a gap).
      const probe = grid({ m: c.m, out: [], truncated: false }, fields, area, style);
      const extra = Math.max(0, Math.min(4, (panel.y + panel.h - (area.top + probe.height)) / probe.rows));
      const g = grid(c, fields, { ...area, top: area.top + extra }, { ...style, rowGap: style.rowGap + extra });
      return { height: area.top + extra + g.height - col.top, complete: g.complete };
    },
    col.bottom - col.top,
  );
};

/** Lays out both sides of the card. */
export const layoutCard = (input: CardPdfInput, m: Measure, options: LayoutOptions = {}): CardLayout => {
  const theme = kindThemes[input.kind];
  const frontCtx: Ctx = { m, out: [], truncated: false };
  front(frontCtx, input, theme, options.universityName ?? defaultUniversityName);
  const backCtx: Ctx = { m, out: [], truncated: false };
  back(backCtx, input, theme, options.qrErrorCorrection ?? "Q");
  return {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    front: frontCtx.out,
    back: backCtx.out,
    complete: !frontCtx.truncated && !backCtx.truncated,
  };
};
