import type { QrLevel, QrMatrix } from "./qr.ts";
import type { FontKey, Measure } from "./text.ts";
import type { Rgb } from "./theme.ts";
import type { Bilingual } from "./types.ts";

/**
 * What a card's layout is made of: every shape and every fitted text line with the box it was given, in a top-down
 * coordinate system (points, origin at the card's top-left corner).
 */

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

export type Align = "left" | "center" | "right";

export interface Ctx {
  readonly m: Measure;
  readonly out: CardElement[];
  truncated: boolean;
}
