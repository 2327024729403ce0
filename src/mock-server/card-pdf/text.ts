/**
 * Text fitting for a tiny card: shrink, then wrap, then (last resort) truncate with an ellipsis, so that a
 * fitted line is never wider than the space it was given. Pure: widths come from a `Measure`.
 */

export type FontKey = "regular" | "bold";

export interface Measure {
  /** Advance width of `text` set in `font` at `size` points. */
  readonly width: (text: string, font: FontKey, size: number) => number;
  /** Ascender and descender (positive) as a fraction of the font size. */
  readonly ascent: number;
  readonly descent: number;
}

export interface FitSpec {
  readonly font: FontKey;
  readonly maxSize: number;
  readonly minSize: number;
  readonly maxWidth: number;
  readonly maxLines?: number;
  /**
   * Keep a single line by shrinking down to `maxSize * singleLineRatio` before wrapping (wrapping a name at
   * full size usually looks worse than a slightly smaller single line).
   */
  readonly singleLineRatio?: number;
  /**
   * The box's height, with the line height as a multiple of the size: wrapped lines must stay inside it (a field
   * keeps its place on the card however long its value is). Unbounded when absent.
   */
  readonly maxHeight?: number;
  readonly lineHeight?: number;
}

export interface Fitted {
  readonly lines: readonly string[];
  readonly size: number;
  /** Width of the widest line at `size`. */
  readonly width: number;
  readonly truncated: boolean;
}

const ELLIPSIS = "…";
const STEP = 0.25;

/**
 * Longest text the card considers, in code points: more than any box holds at its smallest size, so a stored value
 * of any length costs the layout the same bounded time (the fitting searches are linear in the text).
 */
export const MAX_CARD_TEXT = 1000;

/**
 * NFC (so "É" is one glyph), single spaces, trimmed, at most MAX_CARD_TEXT code points, and without control or
 * format characters: the PDF draws glyphs in stored order, so bidi overrides and isolates, zero-width marks and
 * the like would only print as missing-glyph boxes; each value stays a plain, isolated run.
 */
export const normalizeText = (text: string): string => {
  const plain = Array.from(text.slice(0, MAX_CARD_TEXT * 4))
    .slice(0, MAX_CARD_TEXT * 2)
    .join("");
  const cleaned = plain
    .normalize("NFC")
    .replace(/\s+/gu, " ")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim();
  return Array.from(cleaned).slice(0, MAX_CARD_TEXT).join("");
};

const floorTo = (value: number, step: number): number => Math.floor(value / step + 1e-9) * step;

/** Code points grouped with any following combining marks, so a break never separates a letter from its accent. */
const graphemes = (text: string): string[] => text.match(/\P{M}\p{M}*/gu) ?? [];

const widest = (m: Measure, lines: readonly string[], font: FontKey, size: number): number =>
  lines.reduce((w, line) => Math.max(w, m.width(line, font, size)), 0);

/** Longest prefix of `text` (plus "…") that fits in `maxWidth`; "" when not even "…" fits. */
export const ellipsize = (m: Measure, text: string, font: FontKey, size: number, maxWidth: number): string => {
  if (m.width(text, font, size) <= maxWidth) return text;
  const chars = graphemes(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = chars.slice(0, mid).join("").trimEnd() + ELLIPSIS;
    if (m.width(candidate, font, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  const result = chars.slice(0, lo).join("").trimEnd() + ELLIPSIS;
  return m.width(result, font, size) <= maxWidth ? result : "";
};

/** Splits one word that is wider than `maxWidth` into pieces that each fit (at least one grapheme per piece). */
const breakWord = (m: Measure, word: string, font: FontKey, size: number, maxWidth: number): string[] => {
  const pieces: string[] = [];
  let current = "";
  for (const g of graphemes(word)) {
    if (current !== "" && m.width(current + g, font, size) > maxWidth) {
      pieces.push(current);
      current = g;
    } else current += g;
  }
  if (current !== "") pieces.push(current);
  return pieces;
};

/** Greedy word wrap. Words wider than the line are broken between graphemes. */
export const wrapText = (m: Measure, text: string, font: FontKey, size: number, maxWidth: number): string[] => {
  const words = normalizeText(text)
    .split(" ")
    .filter((w) => w !== "");
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (m.width(candidate, font, size) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current !== "") lines.push(current);
    if (m.width(word, font, size) <= maxWidth) current = word;
    else {
      const pieces = breakWord(m, word, font, size, maxWidth);
      current = pieces.pop() ?? "";
      lines.push(...pieces);
    }
  }
  if (current !== "") lines.push(current);
  return lines;
};

/**
 * Fits `text` into at most `maxLines` lines of `maxWidth`: full size if it fits; else a slightly smaller single
 * line; else the largest size at which it wraps into `maxLines`; else `minSize`, wrapped, last line truncated.
 */
export const fitText = (m: Measure, raw: string, spec: FitSpec): Fitted => {
  const { font, maxSize, minSize, maxWidth } = spec;
  const maxLines = Math.max(1, spec.maxLines ?? 1);
  const text = normalizeText(raw);
  if (text === "") return { lines: [], size: maxSize, width: 0, truncated: false };
  const at = (lines: readonly string[], size: number, truncated = false): Fitted => ({
    lines,
    size,
    width: widest(m, lines, font, size),
    truncated,
  });

  const full = m.width(text, font, maxSize);
  if (full <= maxWidth) return at([text], maxSize);

  const singleFloor = maxLines === 1 ? minSize : Math.max(minSize, maxSize * (spec.singleLineRatio ?? 0.85));
  const shrunk = Math.min(maxSize, floorTo((maxSize * maxWidth) / full, STEP));
  if (shrunk >= singleFloor && m.width(text, font, shrunk) <= maxWidth) return at([text], shrunk);

  const fitsHeight = (lines: number, size: number) =>
    spec.maxHeight === undefined || lines * size * (spec.lineHeight ?? 1.2) <= spec.maxHeight + 1e-9;
  if (maxLines > 1) {
    for (let size = maxSize; size >= minSize - 1e-9; size -= STEP) {
      const lines = wrapText(m, text, font, size, maxWidth);
      if (lines.length <= maxLines && fitsHeight(lines.length, size)) return at(lines, size);
    }
  }

  // Last resort at the minimum size: keep what fits (in lines and in height) and end with an ellipsis.
  const lines = wrapText(m, text, font, minSize, maxWidth);
  let room = maxLines;
  while (room > 1 && !fitsHeight(room, minSize)) room--;
  const kept = lines.slice(0, room);
  const rest = lines.slice(room - 1).join(" ");
  kept[kept.length - 1] = ellipsize(m, rest, font, minSize, maxWidth);
  return at(kept, minSize, true);
};
