/**
 * Card layout as data: every shape and every fitted text line with the box it was given, in a top-down
 * coordinate system (points, origin at the card's top-left corner). `render.ts` draws it; tests check it.
 * Pure: fonts are only seen through `Measure`. Each face is drawn section by section (front.ts, back.ts).
 */
import type { Measure } from "./text.ts";
import { defaultUniversityName, kindThemes } from "./theme.ts";
import type { CardPdfInput } from "./types.ts";
import { back } from "./back.ts";
import { CARD_HEIGHT, CARD_WIDTH, type CardLayout, type Ctx, type LayoutOptions } from "./elements.ts";
import { front } from "./front.ts";

export {
  CARD_HEIGHT,
  CARD_WIDTH,
  MIN_SIZES,
  type Box,
  type CardElement,
  type CardLayout,
  type TextElement,
} from "./elements.ts";
export { roundedRectPath } from "./place.ts";

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
