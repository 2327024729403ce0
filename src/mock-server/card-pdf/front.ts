import { duplicateNumber } from "../../api/duplicate-number.ts";
import { fitText, normalizeText } from "./text.ts";
import { cardTexts, palette, type KindTheme } from "./theme.ts";
import type { Bilingual, CardPdfInput } from "./types.ts";
import { CARD_HEIGHT, CARD_WIDTH, MIN_SIZES, type Box, type Ctx } from "./elements.ts";
import { fixedGrid, LABEL_GAP, type Field } from "./grid.ts";
import { bilingual, fitAndPlace, M, placeLines, starPath, tricolour, upper } from "./place.ts";

/**
 * The card's front, section by section from the top: the university's band, the kind's ribbon, the photo, the footer
 * (card number, validity, motto, the flag's colours), the academic year under the photo, and the holder's column.
 */

/** Heights of the name boxes: two lines at the smallest name size, or one line at the largest. */
const NAME_BOX = { last: 12.4, first: 13 } as const;

/** Header band with emblem and university name; returns its height. */
const universityBand = (ctx: Ctx, university: Bilingual): number => {
  const { out } = ctx;
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
  return bandH;
};

/** The kind's ribbon under the band. */
const kindRibbon = (ctx: Ctx, input: CardPdfInput, theme: KindTheme, bandH: number): void => {
  const { out } = ctx;
  const ribbon: Box = { x: 0, y: bandH, w: CARD_WIDTH, h: 10 };
  out.push({ type: "rect", box: ribbon, fill: theme.accent });
  // A replacement says so where a guard looks first (extension lifecycle: sequence 2 and more).
  const number = duplicateNumber(input.sequence);
  const duplicate = number === null ? "" : `   ·   DUPLICATA N°${number}`;
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
};

/** Photo with a white mat and a hairline frame; returns the photo's box. */
const photoFrame = (ctx: Ctx): Box => {
  const { out } = ctx;
  const photo: Box = { x: M + 1, y: 47, w: 52, h: 65 };
  out.push({
    type: "rect",
    box: { x: photo.x - 1.6, y: photo.y - 1.6, w: photo.w + 3.2, h: photo.h + 3.2 },
    fill: palette.white,
    stroke: palette.rule,
    strokeWidth: 0.5,
  });
  out.push({ type: "photo", box: photo });
  return photo;
};

/** Footer: card number and motto, then the flag's tricolour on the bottom edge; returns its top. */
const footer = (ctx: Ctx, input: CardPdfInput): number => {
  const { out } = ctx;
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
  return footerTop;
};

/** The academic year under the photo, where validity is read at a glance. */
const academicYear = (ctx: Ctx, input: CardPdfInput, photo: Box): void => {
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
};

/** The holder's column: names, the accent rule, and the kind's fields in a fixed grid. */
const holderColumn = (ctx: Ctx, input: CardPdfInput, theme: KindTheme, photo: Box, footerTop: number): void => {
  const { out } = ctx;
  // In fixed boxes: however long a value, it shrinks or wraps inside its own box and every other
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

export const front = (ctx: Ctx, input: CardPdfInput, theme: KindTheme, university: Bilingual): void => {
  ctx.out.push({ type: "rect", box: { x: 0, y: 0, w: CARD_WIDTH, h: CARD_HEIGHT }, fill: palette.paper });
  const bandH = universityBand(ctx, university);
  kindRibbon(ctx, input, theme, bandH);
  // Watermark star behind the text column.
  ctx.out.push({ type: "path", d: starPath(CARD_WIDTH - 42, 92, 40), fill: palette.band, opacity: 0.045 });
  const photo = photoFrame(ctx);
  const footerTop = footer(ctx, input);
  academicYear(ctx, input, photo);
  holderColumn(ctx, input, theme, photo, footerTop);
};
