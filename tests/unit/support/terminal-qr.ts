import { decodeQr } from "../../../src/mock-server/card-pdf/test-helpers";

const SCALE = 6;
const MARGIN = 4;
const ESC = String.fromCharCode(27);
/** One token of a line: an ANSI colour code (SGR, its numbers captured) or one character. */
const TOKEN = new RegExp(`${ESC}\\[([0-9;]*)m|[^${ESC}]`, "gu");

/**
 * Reads the QR code that `qrcode` draws in a terminal (`type: "terminal", small: true`): each character holds two
 * modules, the upper and lower half block drawn in the foreground colour, the rest in the background's. The colours
 * are ANSI codes (30/40 black, 37/47 white); the code is redrawn as pixels and decoded. Null when none is found.
 */
export const readTerminalQr = (output: string): string | null => {
  const rows: boolean[][] = [];
  for (const line of output.split("\n")) {
    let fgDark = true;
    let bgDark = false;
    let text = "";
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const [char, codes] of line.matchAll(TOKEN)) {
      if (codes !== undefined) {
        for (const code of codes.split(";").map(Number)) {
          if (code === 0) [fgDark, bgDark] = [true, false];
          else if (code === 30 || code === 37) fgDark = code === 30;
          else if (code === 40 || code === 47) bgDark = code === 40;
        }
        continue;
      }
      text += char;
      top.push("█▀".includes(char) ? fgDark : bgDark);
      bottom.push("█▄".includes(char) ? fgDark : bgDark);
    }
    // Only the QR's lines are made of blocks and spaces alone.
    if (/^[ █▀▄]+$/.test(text)) rows.push(top, bottom);
  }
  if (rows.length === 0) return null;
  // Drawn with a quiet zone of MARGIN light modules around it, as a decoder expects (the terminal's is one).
  const width = (Math.max(...rows.map((row) => row.length)) + 2 * MARGIN) * SCALE;
  const height = (rows.length + 2 * MARGIN) * SCALE;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  rows.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < SCALE; dy++) {
        const start = (((y + MARGIN) * SCALE + dy) * width + (x + MARGIN) * SCALE) * 4;
        for (let dx = 0; dx < SCALE; dx++) data.fill(0, start + dx * 4, start + dx * 4 + 3);
      }
    }),
  );
  return decodeQr({ data, width, height });
};
