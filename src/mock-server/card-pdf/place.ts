import { fitText, normalizeText, type Fitted, type FontKey } from "./text.ts";
import { palette, type Rgb } from "./theme.ts";
import type { Bilingual } from "./types.ts";
import { CARD_WIDTH, type Align, type Box, type CardElement, type Ctx } from "./elements.ts";

/** What both faces of the card draw with: fitted text placed in its box, and the shapes they share. */

/** Side margin of both faces. */
export const M = 9;

export const bilingual = (b: Bilingual, sep = " / "): string =>
  normalizeText(b.fr).toLocaleLowerCase("fr") === normalizeText(b.en).toLocaleLowerCase("fr")
    ? b.fr
    : `${b.fr}${sep}${b.en}`;

export const upper = (s: string): string => s.toLocaleUpperCase("fr");

/** Emits the lines of a fitted text stacked from `top`; returns the height used. */
export const placeLines = (
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

export const fitAndPlace = (
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

export const tricolour = (out: CardElement[], y: number, h: number): void => {
  const third = CARD_WIDTH / 3;
  [palette.flagGreen, palette.flagRed, palette.flagYellow].forEach((fill, i) =>
    out.push({ type: "rect", box: { x: i * third, y, w: i === 2 ? CARD_WIDTH - 2 * third : third, h }, fill }),
  );
};
