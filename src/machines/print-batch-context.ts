import { Result, Schema } from "effect";
import type { AnyKind } from "../kinds";
import type { KindId } from "../api/kind-ids";
import { BatchCard, type BatchOrder } from "../print/batch";
import type { GridLayout, Offsets, Size } from "../print/layouts";
import type { PrintSettings } from "../print/settings";

/**
 * What the print batch machine (print-batch.ts) holds and hears, the sheets it keeps between visits, and what it
 * reads of its context (which PDFs are missing, which cards a confirmation reports).
 */

/** Sheets as kept between visits: the document, its cards, and what the agent marked and reported. */
const StoredSheets = Schema.Struct({
  version: Schema.Literal(1),
  sheets: Schema.Uint8Array,
  sheetCards: Schema.Array(BatchCard),
  good: Schema.Record(Schema.String, Schema.Boolean),
  notified: Schema.Record(Schema.String, Schema.Number),
  unsure: Schema.Record(Schema.String, Schema.Number),
});
export type StoredSheets = Schema.Schema.Type<typeof StoredSheets>;

/** Stored sheets as read back; null when none, or not what this version stores. */
export const decodeStoredSheets = (value: unknown): StoredSheets | null => {
  const decoded = Schema.decodeUnknownResult(StoredSheets)(value);
  return Result.isSuccess(decoded) ? decoded.success : null;
};

/**
 * What is kept of the sheets. Notifications being sent count as unsure (their print count before): after a
 * reload in the middle, Confirm reads those cards before sending again.
 */
export const storedOf = (context: PrintBatchContext, sending: readonly string[] = []): StoredSheets | null =>
  context.sheets === null
    ? null
    : {
        version: 1,
        sheets: context.sheets,
        sheetCards: context.sheetCards,
        good: context.good,
        notified: context.notified,
        unsure: {
          ...Object.fromEntries(sending.map((id) => [id, printCountBefore(context, id)])),
          ...context.unsure,
        },
      };

/** What composing needs of the settings: the grid itself, not the preset's name. */
export interface SheetSettings {
  readonly grid: GridLayout;
  /** The size the cards are cut to (the preset's die). */
  readonly die: Size;
  readonly duplex: boolean;
  readonly cropMarks: boolean;
  readonly offsets: Offsets;
  /** The first sheet's first free position (0-based): a partly used pre-cut sheet. */
  readonly firstSlot: number;
}

/** What the sheets' footer names: the batch's kind and its date, as the screen shows it. */
export interface BatchLabel {
  readonly kind: KindId;
  readonly date: string;
}

export interface ComposeInput {
  readonly pdfs: readonly Uint8Array[];
  readonly settings: SheetSettings;
  readonly label: BatchLabel;
}

export interface PrintBatchInput {
  readonly kind: AnyKind;
  /** The agent whose batch it is (the batch is stored per agent and kind). */
  readonly username: string;
  readonly cards: readonly BatchCard[];
  readonly settings: PrintSettings;
  /** The batch's date in the footer. */
  readonly date: string;
}

export interface PrintBatchContext {
  readonly kind: AnyKind;
  readonly username: string;
  readonly cards: readonly BatchCard[];
  readonly settings: PrintSettings;
  readonly date: string;
  /**
   * Where the first card goes on the first sheet (0-based, row by row): a pre-cut sheet put back with some of its
   * cards already used. For this batch only: the next one starts on a whole sheet.
   */
  readonly firstSlot: number;
  /** Downloaded card PDFs, by card id. */
  readonly pdfs: Readonly<Record<string, Uint8Array>>;
  /** Cards whose PDF could not be had: i18n key of the reason, by card id. */
  readonly pdfFailures: Readonly<Record<string, string>>;
  readonly progress: { readonly done: number; readonly total: number };
  /** The sheets document, and the cards it holds in order. */
  readonly sheets: Uint8Array | null;
  readonly sheetCards: readonly BatchCard[];
  readonly composeErrorKey: string | null;
  /** Cards the agent marks as printed well (all by default). */
  readonly good: Readonly<Record<string, boolean>>;
  /** Cards reported printed: their new print count. Never reported twice. */
  readonly notified: Readonly<Record<string, number>>;
  readonly notifyFailures: Readonly<Record<string, string>>;
  /** Cards whose notification failed, perhaps counted all the same: the print count they had before it. */
  readonly unsure: Readonly<Record<string, number>>;
}

export type PrintBatchEvent =
  | { readonly type: "REMOVE"; readonly id: string }
  | { readonly type: "SORT"; readonly order: BatchOrder; readonly locale: string }
  | { readonly type: "CLEAR" }
  | { readonly type: "SETTINGS"; readonly settings: PrintSettings }
  /** The first free position of the sheet (0-based). */
  | { readonly type: "FIRST_SLOT"; readonly slot: number }
  | { readonly type: "MAKE_SHEETS" }
  | { readonly type: "CANCEL" }
  | { readonly type: "RETRY_FAILED" }
  | { readonly type: "EDIT_BATCH" }
  | { readonly type: "KEEP_SHEETS" }
  | { readonly type: "DISCARD_SHEETS" }
  | { readonly type: "TOGGLE_GOOD"; readonly id: string; readonly good: boolean }
  | { readonly type: "CONFIRM_PRINTED" }
  | { readonly type: "PDF_FETCHED"; readonly id: string; readonly bytes: Uint8Array }
  | { readonly type: "PDF_FAILED"; readonly id: string; readonly errorKey: string }
  | { readonly type: "FETCH_DONE" }
  | { readonly type: "NOTIFIED"; readonly id: string; readonly printCount: number }
  | { readonly type: "NOTIFY_FAILED"; readonly id: string; readonly errorKey: string }
  | { readonly type: "NOTIFY_DONE" };

/** The cards of the batch whose PDF is still missing (not fetched, or failed). */
export const missingPdfs = (context: PrintBatchContext): string[] =>
  context.cards.filter((card) => !(card.id in context.pdfs)).map((card) => card.id);

/** The cards a confirmation reports: marked good, in the sheets, not reported yet. */
export const toNotify = (context: PrintBatchContext): string[] =>
  context.sheetCards.map((card) => card.id).filter((id) => context.good[id] !== false && !(id in context.notified));

/** A card's print count as the batch knows it (when it was added), before any notification of this batch. */
export const printCountBefore = (context: PrintBatchContext, id: string): number =>
  context.cards.find((card) => card.id === id)?.printCount ?? 0;
