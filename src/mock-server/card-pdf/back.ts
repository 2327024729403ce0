import { qrMatrix, type QrLevel } from "./qr.ts";
import { fitText, normalizeText } from "./text.ts";
import { cardTexts, palette, type KindTheme } from "./theme.ts";
import type { CardPdfInput } from "./types.ts";
import { CARD_HEIGHT, CARD_WIDTH, MIN_SIZES, type Box, type Ctx } from "./elements.ts";
import { ATTEMPTS, fitBlock, grid, LABEL_GAP, type Field, type GridStyle } from "./grid.ts";
import { bilingual, fitAndPlace, M, placeLines, roundedRectPath, tricolour, upper } from "./place.ts";

/**
 * The card's back, section by section: the emergency band (cross, title, card number), the QR panel and its caption,
 * the finder's notice along the bottom, and the emergency details beside the QR.
 */

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

/** Header band: medical cross, title, card number. */
const emergencyBand = (ctx: Ctx, input: CardPdfInput, theme: KindTheme): void => {
  const { out } = ctx;
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
};

/** The QR panel on the right and its caption; returns the panel's box. */
const qrPanel = (ctx: Ctx, input: CardPdfInput, level: QrLevel): Box => {
  const { out } = ctx;
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
  return panel;
};

/** Finder notice across the bottom, above the flag's colours. */
const finderNotice = (ctx: Ctx, theme: KindTheme): void => {
  const { out } = ctx;
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
};

/** Emergency details left of the QR: blood group badge, then allergies and the contact. */
const emergencyDetails = (ctx: Ctx, input: CardPdfInput, panel: Box): void => {
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

export const back = (ctx: Ctx, input: CardPdfInput, theme: KindTheme, level: QrLevel): void => {
  ctx.out.push({ type: "rect", box: { x: 0, y: 0, w: CARD_WIDTH, h: CARD_HEIGHT }, fill: palette.paper });
  emergencyBand(ctx, input, theme);
  const panel = qrPanel(ctx, input, level);
  finderNotice(ctx, theme);
  emergencyDetails(ctx, input, panel);
};
