import { Result, Schema } from "effect";
import {
  CARD_MM,
  DEFAULT_PRESET,
  NO_OFFSETS,
  gridProblem,
  presetById,
  presets,
  type GridLayout,
  type Offsets,
  type Size,
} from "./layouts";

/**
 * How this browser prints sheets: the layout, both sides or fronts only, crop marks, and the printer's measured
 * shift (calibration). Kept per browser, as the printer it sends to is (localStorage).
 */

const KEY = "campus-card.print-settings";

const Shift = Schema.Struct({ x: Schema.Finite, y: Schema.Finite });
const Grid = Schema.Struct({
  columns: Schema.Finite,
  rows: Schema.Finite,
  left: Schema.Finite,
  top: Schema.Finite,
  pitchX: Schema.Finite,
  pitchY: Schema.Finite,
});
const Stored = Schema.Struct({
  version: Schema.Literal(1),
  layout: Schema.String,
  custom: Grid,
  duplex: Schema.Boolean,
  cropMarks: Schema.Boolean,
  offsets: Schema.Struct({ front: Shift, back: Shift }),
});

export interface PrintSettings {
  /** A preset id, or "custom". */
  readonly layout: string;
  readonly custom: GridLayout;
  readonly duplex: boolean;
  readonly cropMarks: boolean;
  readonly offsets: Offsets;
}

export const defaultPrintSettings: PrintSettings = {
  layout: DEFAULT_PRESET,
  custom: presets[0]!.grid,
  duplex: true,
  cropMarks: false,
  offsets: NO_OFFSETS,
};

/** The grid the settings print with: the preset's, or the custom one. */
export const gridOf = (settings: PrintSettings): GridLayout => presetById(settings.layout)?.grid ?? settings.custom;

/** The size cards are cut to: the preset's die; a custom grid is cut by hand to ID-1. */
export const dieOf = (settings: PrintSettings): Size => presetById(settings.layout)?.die ?? CARD_MM;

export const readPrintSettings = (): PrintSettings => {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return defaultPrintSettings;
    const decoded = Schema.decodeUnknownResult(Stored)(JSON.parse(raw));
    if (!Result.isSuccess(decoded)) return defaultPrintSettings;
    const { version: _version, ...settings } = decoded.success;
    const known = settings.layout === "custom" || presetById(settings.layout) !== undefined;
    return gridProblem(settings.custom) === null && known
      ? settings
      : { ...settings, layout: DEFAULT_PRESET, custom: defaultPrintSettings.custom };
  } catch {
    return defaultPrintSettings;
  }
};

/** Answers false when the browser refused (the settings then last until the page is left). */
export const writePrintSettings = (settings: PrintSettings): boolean => {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, ...settings }));
    return true;
  } catch {
    return false;
  }
};
