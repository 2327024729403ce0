import { getI18n } from "react-i18next";
import { assign, fromPromise, setup } from "xstate";
import { getCard, getCardPdf, notifyPrint } from "../api";
import { deleteStoredSheets, readStoredSheets, sheetKey, writeStoredSheets } from "../browser/sheet-store";
import { sortBatch, withoutCards, writeBatch, type BatchCard } from "../print/batch";
import { cardsPerSheet, firstSlotOf, gridProblem } from "../print/layouts";
import { dieOf, gridOf, writePrintSettings, type PrintSettings } from "../print/settings";
import {
  decodeStoredSheets,
  missingPdfs,
  printCountBefore,
  storedOf,
  toNotify,
  type ComposeInput,
  type PrintBatchContext,
  type PrintBatchEvent,
  type PrintBatchInput,
  type StoredSheets,
} from "./print-batch-context";
import { fetchPdfsWith, notifyAllWith } from "./print-batch-requests";

export { CONCURRENCY, fetchPdfsWith, notifyAllWith, runPool } from "./print-batch-requests";
export { toNotify, type ComposeInput, type StoredSheets } from "./print-batch-context";

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
 *
 * Its context, events and stored sheets are in print-batch-context.ts; its requests card by card in
 * print-batch-requests.ts.
 */

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
    firstSlot: 0,
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
            assign({
              settings: ({ event }) => event.settings,
              firstSlot: ({ context, event }) => firstSlotOf(context.firstSlot, cardsPerSheet(gridOf(event.settings))),
            }),
            { type: "saveSettings", params: ({ event }) => event.settings },
          ],
        },
        FIRST_SLOT: {
          actions: assign({
            firstSlot: ({ context, event }) => firstSlotOf(event.slot, cardsPerSheet(gridOf(context.settings))),
          }),
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
          const grid = gridOf(context.settings);
          const firstSlot = firstSlotOf(context.firstSlot, cardsPerSheet(grid));
          const settings = { grid, die: dieOf(context.settings), duplex, cropMarks, offsets, firstSlot };
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
            firstSlot: 0,
            pdfs: Object.fromEntries(
              Object.entries(context.pdfs).filter(([id]) => context.cards.some((card) => card.id === id)),
            ),
          })),
        },
      },
    },
  },
});
