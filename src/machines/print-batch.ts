import { Result, Schema } from "effect";
import { getI18n } from "react-i18next";
import { assign, fromCallback, fromPromise, setup } from "xstate";
import { getCard, getCardPdf, notifyPrint } from "../api";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import type { KindId } from "../api/kind-ids";
import { deleteStoredSheets, readStoredSheets, sheetKey, writeStoredSheets } from "../browser/sheet-store";
import { BatchCard, sortBatch, withoutCards, writeBatch, type BatchOrder } from "../print/batch";
import { gridProblem, type GridLayout, type Offsets, type Size } from "../print/layouts";
import { dieOf, gridOf, writePrintSettings, type PrintSettings } from "../print/settings";

/**
 * The print batch screen: sheets of cards for the office printer, made from the backend's card PDFs (docs/spec.md §7
 * …/card/{id}/pdf/), then the printed ones reported with notify_print, exactly once each.
 *
 *   restoring (sheets kept from an earlier visit) → sheets | editing
 *   editing → fetching (n of N, a bounded number at once; CANCEL) → composing → sheets
 *   sheets: RETRY_FAILED → fetching (only the failed) → composing; CONFIRM_PRINTED → notifying → sheets | printed
 *   sheets: EDIT_BATCH → asking (KEEP_SHEETS → sheets; DISCARD_SHEETS → editing)
 *
 * Composed sheets are kept in the browser (storeSheets, with the marks and the notifications already sent) until
 * they are confirmed printed or thrown away: a reload comes back to them, and never reports a card twice.
 *
 * A card whose PDF could not be had is listed with its error and left out of the sheets. Confirming sends one
 * notify_print per card marked good and not yet reported; the reported ones leave the batch, the others stay.
 * A notification that failed may have reached the server with its answer lost (as the wizard's submission may):
 * before sending it again, Confirm reads the card, and a print count risen since means it was counted.
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
const storedOf = (context: PrintBatchContext, sending: readonly string[] = []): StoredSheets | null =>
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

/** Requests at once, for PDFs and print notifications: enough to keep a backend busy, not to flood it. */
export const CONCURRENCY = 4;

/** What composing needs of the settings: the grid itself, not the preset's name. */
export interface SheetSettings {
  readonly grid: GridLayout;
  /** The size the cards are cut to (the preset's die). */
  readonly die: Size;
  readonly duplex: boolean;
  readonly cropMarks: boolean;
  readonly offsets: Offsets;
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

/** Runs `work` over `items`, at most `limit` at once, until done or `stopped()`. */
export const runPool = async <T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean,
): Promise<void> => {
  const queue = items.values();
  const lane = async () => {
    for (let step = queue.next(); !step.done && !stopped(); step = queue.next()) await work(step.value);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};

type PerCard<T> = (kind: AnyKind, id: string) => Promise<T>;

interface EachCardInput {
  readonly kind: AnyKind;
  readonly ids: readonly string[];
  /** Cards whose earlier notification failed: their print count before it (notifyAll only). */
  readonly unsure?: Readonly<Record<string, number>>;
}

/**
 * A callback actor running `work` for each id (CONCURRENCY at once) and reporting each outcome, then `done`.
 * Stopping it (CANCEL, leaving the screen) reports nothing more and starts no new request.
 */
const eachCard = <T>(
  work: (kind: AnyKind, id: string, input: EachCardInput) => Promise<T>,
  ok: (id: string, value: T) => PrintBatchEvent,
  failed: (id: string, errorKey: string) => PrintBatchEvent,
  done: PrintBatchEvent,
) =>
  fromCallback<PrintBatchEvent, EachCardInput>(({ input, sendBack }) => {
    let stopped = false;
    void runPool(
      input.ids,
      CONCURRENCY,
      async (id) => {
        try {
          const value = await work(input.kind, id, input);
          if (!stopped) sendBack(ok(id, value));
        } catch (error) {
          if (!stopped) sendBack(failed(id, messageKeyOf(error)));
        }
      },
      () => stopped,
    ).then(() => {
      if (!stopped) sendBack(done);
    });
    return () => {
      stopped = true;
    };
  });

/** Downloads card PDFs with `fetch` (the API by default; tests give a fake backend). */
export const fetchPdfsWith = (fetch: PerCard<Uint8Array>) =>
  eachCard(
    fetch,
    (id, bytes) => ({ type: "PDF_FETCHED", id, bytes }),
    (id, errorKey) => ({ type: "PDF_FAILED", id, errorKey }),
    { type: "FETCH_DONE" },
  );

/**
 * Reports printed cards with `notify` (answers the new print count). A card whose earlier notification failed is
 * read first with `readPrintCount`: a count above the one it had before means that notification was counted, and
 * it is not sent again.
 */
export const notifyAllWith = (notify: PerCard<number>, readPrintCount: PerCard<number>) =>
  eachCard(
    async (kind, id, input) => {
      const before = input.unsure?.[id];
      if (before !== undefined) {
        const now = await readPrintCount(kind, id);
        if (now > before) return now;
      }
      return notify(kind, id);
    },
    (id, printCount) => ({ type: "NOTIFIED", id, printCount }),
    (id, errorKey) => ({ type: "NOTIFY_FAILED", id, errorKey }),
    { type: "NOTIFY_DONE" },
  );

/** The cards of the batch whose PDF is still missing (not fetched, or failed). */
const missingPdfs = (context: PrintBatchContext): string[] =>
  context.cards.filter((card) => !(card.id in context.pdfs)).map((card) => card.id);

/** The cards a confirmation reports: marked good, in the sheets, not reported yet. */
export const toNotify = (context: PrintBatchContext): string[] =>
  context.sheetCards.map((card) => card.id).filter((id) => context.good[id] !== false && !(id in context.notified));

/** A card's print count as the batch knows it (when it was added), before any notification of this batch. */
const printCountBefore = (context: PrintBatchContext, id: string): number =>
  context.cards.find((card) => card.id === id)?.printCount ?? 0;

const machineSetup = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as PrintBatchContext,
    events: {} as PrintBatchEvent,
    input: {} as PrintBatchInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    fetchPdfs: fetchPdfsWith(async (kind, id) => new Uint8Array(await (await getCardPdf(kind, id)).blob.arrayBuffer())),
    compose: fromPromise<Uint8Array, ComposeInput>(async ({ input }) => {
      const { composeSheets } = await import("../print/compose");
      const { t } = getI18n();
      const { kind, date } = input.label;
      const title = t(`${kind}:title`);
      return composeSheets(input.pdfs, {
        ...input.settings,
        footer: (page, pages) => t("card:print.footer", { kind: title, date, page, pages }),
      });
    }),
    notifyAll: notifyAllWith(
      async (kind, id) => (await notifyPrint(kind, id)).print_count,
      async (kind, id) => (await getCard(kind, id)).print_count ?? 0,
    ),
    /** The sheets kept from an earlier visit (IndexedDB), or null. */
    restoreSheets: fromPromise<StoredSheets | null, { readonly key: string }>(async ({ input }) =>
      decodeStoredSheets(await readStoredSheets(input.key)),
    ),
  },
  actions: {
    /** The batch changed: stored for this agent and kind. */
    saveBatch: ({ context }, cards: readonly BatchCard[]) => void writeBatch(context.username, context.kind.id, cards),
    /** The sheets, their marks and notifications: kept in this browser until confirmed or thrown away. */
    storeSheets: ({ context }, params?: { readonly sending: readonly string[] }) => {
      const stored = storedOf(context, params?.sending);
      if (stored) void writeStoredSheets(sheetKey(context.username, context.kind.id), stored);
    },
    dropSheets: ({ context }) => void deleteStoredSheets(sheetKey(context.username, context.kind.id)),
    /** The sheet settings changed: kept in this browser. */
    saveSettings: (_, settings: PrintSettings) => void writePrintSettings(settings),
  },
  guards: {
    /** Something to print, on a grid that fits the sheet. */
    canMakeSheets: ({ context }) =>
      context.cards.length > 0 && gridProblem(gridOf(context.settings), dieOf(context.settings)) === null,
    somePdfs: ({ context }) => context.cards.some((card) => card.id in context.pdfs),
    allNotified: ({ context }) => toNotify(context).length === 0 && Object.keys(context.notifyFailures).length === 0,
    somethingToNotify: ({ context }) => toNotify(context).length > 0,
  },
});

const saveCards = {
  type: "saveBatch",
  params: ({ context }: { context: PrintBatchContext }) => context.cards,
} as const;

export const printBatchMachine = machineSetup.createMachine({
  id: "printBatch",
  context: ({ input }) => ({
    kind: input.kind,
    username: input.username,
    cards: input.cards,
    settings: input.settings,
    date: input.date,
    pdfs: {},
    pdfFailures: {},
    progress: { done: 0, total: 0 },
    sheets: null,
    sheetCards: [],
    composeErrorKey: null,
    good: {},
    notified: {},
    notifyFailures: {},
    unsure: {},
  }),
  initial: "restoring",
  states: {
    restoring: {
      invoke: {
        src: "restoreSheets",
        input: ({ context }) => ({ key: sheetKey(context.username, context.kind.id) }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null && event.output.sheetCards.length > 0,
            target: "sheets",
            actions: assign(({ context, event }) => {
              const stored = event.output;
              if (!stored) return {};
              // Cards reported before the reload left the batch then; the others are the batch's.
              return {
                sheets: stored.sheets,
                sheetCards: stored.sheetCards,
                good: stored.good,
                notified: stored.notified,
                unsure: stored.unsure,
                cards: withoutCards(context.cards, Object.keys(stored.notified)),
              };
            }),
          },
          { target: "editing" },
        ],
        onError: { target: "editing" },
      },
    },
    editing: {
      on: {
        REMOVE: {
          actions: [assign({ cards: ({ context, event }) => withoutCards(context.cards, [event.id]) }), saveCards],
        },
        SORT: {
          actions: [
            assign({ cards: ({ context, event }) => sortBatch(context.cards, event.order, event.locale) }),
            saveCards,
          ],
        },
        CLEAR: { actions: [assign({ cards: [], pdfs: {}, pdfFailures: {} }), saveCards] },
        SETTINGS: {
          actions: [
            assign({ settings: ({ event }) => event.settings }),
            { type: "saveSettings", params: ({ event }) => event.settings },
          ],
        },
        MAKE_SHEETS: { guard: "canMakeSheets", target: "fetching" },
      },
    },
    fetching: {
      entry: assign(({ context }) => ({
        pdfFailures: {},
        progress: { done: context.cards.length - missingPdfs(context).length, total: context.cards.length },
        composeErrorKey: null,
      })),
      invoke: { src: "fetchPdfs", input: ({ context }) => ({ kind: context.kind, ids: missingPdfs(context) }) },
      on: {
        PDF_FETCHED: {
          actions: assign(({ context, event }) => ({
            pdfs: { ...context.pdfs, [event.id]: event.bytes },
            progress: { ...context.progress, done: context.progress.done + 1 },
          })),
        },
        PDF_FAILED: {
          actions: assign(({ context, event }) => ({
            pdfFailures: { ...context.pdfFailures, [event.id]: event.errorKey },
            progress: { ...context.progress, done: context.progress.done + 1 },
          })),
        },
        FETCH_DONE: [{ guard: "somePdfs", target: "composing" }, { target: "editing" }],
        CANCEL: { target: "editing" },
      },
    },
    composing: {
      invoke: {
        src: "compose",
        input: ({ context }) => {
          const pdfs = context.cards.flatMap((card) => {
            const pdf = context.pdfs[card.id];
            return pdf ? [pdf] : [];
          });
          const { duplex, cropMarks, offsets } = context.settings;
          const settings = { grid: gridOf(context.settings), die: dieOf(context.settings), duplex, cropMarks, offsets };
          return { pdfs, settings, label: { kind: context.kind.id, date: context.date } };
        },
        onDone: {
          target: "sheets",
          actions: [
            assign(({ context, event }) => {
              const sheetCards = context.cards.filter((card) => card.id in context.pdfs);
              return {
                sheets: event.output,
                sheetCards,
                good: Object.fromEntries(sheetCards.map((card) => [card.id, true])),
                notifyFailures: {},
              };
            }),
            "storeSheets",
          ],
        },
        onError: { target: "editing", actions: assign({ composeErrorKey: "card:print.errors.compose" }) },
      },
      on: { CANCEL: { target: "editing" } },
    },
    sheets: {
      initial: "shown",
      states: {
        shown: { on: { EDIT_BATCH: { target: "asking" } } },
        /** "Back to the batch" throws the sheets away: asked first. */
        asking: {
          on: {
            KEEP_SHEETS: { target: "shown" },
            DISCARD_SHEETS: {
              target: "#printBatch.editing",
              actions: [assign({ sheets: null, sheetCards: [], good: {}, unsure: {}, notified: {} }), "dropSheets"],
            },
          },
        },
      },
      on: {
        TOGGLE_GOOD: {
          actions: [
            assign({ good: ({ context, event }) => ({ ...context.good, [event.id]: event.good }) }),
            "storeSheets",
          ],
        },
        RETRY_FAILED: { target: "fetching" },
        CONFIRM_PRINTED: { guard: "somethingToNotify", target: "notifying" },
      },
    },
    notifying: {
      entry: [
        assign({ notifyFailures: {} }),
        { type: "storeSheets", params: ({ context }) => ({ sending: toNotify(context) }) },
      ],
      invoke: {
        src: "notifyAll",
        input: ({ context }) => ({ kind: context.kind, ids: toNotify(context), unsure: context.unsure }),
      },
      on: {
        // Each report is kept at once: a reload in the middle must not send it again.
        NOTIFIED: {
          actions: [
            assign({
              notified: ({ context, event }) => ({ ...context.notified, [event.id]: event.printCount }),
            }),
            { type: "storeSheets", params: ({ context }) => ({ sending: toNotify(context) }) },
          ],
        },
        NOTIFY_FAILED: {
          actions: assign(({ context, event }) => ({
            notifyFailures: { ...context.notifyFailures, [event.id]: event.errorKey },
            unsure: { ...context.unsure, [event.id]: context.unsure[event.id] ?? printCountBefore(context, event.id) },
          })),
        },
        NOTIFY_DONE: [
          {
            guard: "allNotified",
            target: "printed",
            actions: [
              assign({ cards: ({ context }) => withoutCards(context.cards, Object.keys(context.notified)) }),
              saveCards,
              "dropSheets",
            ],
          },
          // Some failed: the reported ones leave the batch now; Confirm again retries only the others.
          {
            target: "sheets",
            actions: [
              assign({ cards: ({ context }) => withoutCards(context.cards, Object.keys(context.notified)) }),
              saveCards,
              "storeSheets",
            ],
          },
        ],
      },
    },
    printed: {
      on: {
        EDIT_BATCH: {
          target: "editing",
          actions: assign(({ context }) => ({
            sheets: null,
            sheetCards: [],
            notified: {},
            good: {},
            pdfs: Object.fromEntries(
              Object.entries(context.pdfs).filter(([id]) => context.cards.some((card) => card.id === id)),
            ),
          })),
        },
      },
    },
  },
});
