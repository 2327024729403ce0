import QRCode from "qrcode";

export type QrLevel = "M" | "Q" | "H";

/** The QR symbol as a square of dark/light modules (no quiet zone). */
export interface QrMatrix {
  readonly size: number;
  readonly version: number;
  readonly level: QrLevel;
  readonly isDark: (row: number, col: number) => boolean;
}

/**
 * Encodes `text` byte-for-byte (UTF-8) with the given error correction. `QRCode.create` is the pure core of the
 * `qrcode` package: the same code in Node and in the browser build, no canvas, no Buffer.
 */
export const qrMatrix = (text: string, level: QrLevel = "Q"): QrMatrix => {
  const { modules, version } = QRCode.create(text, { errorCorrectionLevel: level });
  return { size: modules.size, version, level, isDark: (row, col) => Boolean(modules.get(row, col)) };
};

/** Horizontal runs of dark modules, row by row: drawing one rectangle per run keeps the PDF small and seamless. */
export const qrRuns = (m: QrMatrix): Array<{ row: number; col: number; length: number }> => {
  const runs: Array<{ row: number; col: number; length: number }> = [];
  for (let row = 0; row < m.size; row++) {
    let col = 0;
    while (col < m.size) {
      if (!m.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < m.size && m.isDark(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return runs;
};

/** Rasterises the matrix to RGBA (black on white, `quiet` light modules around it): for tests and previews. */
export const qrToRgba = (
  m: QrMatrix,
  scale = 4,
  quiet = 4,
): { data: Uint8ClampedArray; width: number; height: number } => {
  const side = (m.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    const row = Math.floor(y / scale) - quiet;
    for (let x = 0; x < side; x++) {
      const col = Math.floor(x / scale) - quiet;
      if (row >= 0 && col >= 0 && row < m.size && col < m.size && m.isDark(row, col)) {
        const i = (y * side + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width: side, height: side };
};
