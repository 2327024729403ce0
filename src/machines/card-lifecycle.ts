import type { Schema } from "effect";
import { and, assign, emit, fromCallback, fromPromise, setup, type ErrorActorEvent } from "xstate";
import { getCard, getCardPdf, notifyPrint, type FileBody } from "../api";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import { required } from "./required";

/**
 * The card detail screen (docs/spec.md §2: field table, PDF preview with retry, print count, agent, Notify Print).
 * Three parallel regions, each with its own failure and retry so one never blocks the others:
 *
 *   card:   loading → ready | failed (RETRY_CARD)
 *   pdf:    loading → ready (blob + object URL) | failed (RETRY_PDF): "PDF loading error" with Retry
 *   notify: idle → sending → idle; NOTIFY is ignored while sending, so one click sends once. A card printed
 *           before asks first (idle → confirmingReprint → sending | idle): a reprint is a conscious choice.
 *           An inactive card is not printed (NOTIFY ignored; the screen offers no button).
 *           After a failed notification (its answer may be what was lost, as with the wizard's submission),
 *           NOTIFY reads the card first (idle → rechecking): a print count risen since means it was counted.
 *
 * The object URL of the PDF lives exactly as long as `pdf.ready`: it is made and revoked by the invoked
 * `objectUrl` callback actor, so leaving the state (REFRESH, which replaces the PDF) or stopping the machine
 * (leaving the screen) revokes it. Tests provide a fake `objectUrl` to count creations and revocations.
 */

export type AnyCard = Schema.Schema.Type<AnyKind["schemas"]["card"]>;

/** The last notify outcome, for a toast: `seq` grows on every outcome so the screen shows each one once. */
export interface NotifyNotice {
  readonly type: "success" | "error";
  /** "card:notifySuccess" or "errors:notifyFailed". */
  readonly key: string;
  /** On failure, the error's own message (network, server, session…). */
  readonly detailKey: string | null;
  readonly seq: number;
}

export interface CardLifecycleInput {
  readonly kind: AnyKind;
  readonly id: string;
}

export interface CardLifecycleContext {
  readonly kind: AnyKind;
  readonly id: string;
  readonly card: AnyCard | null;
  readonly cardError: unknown;
  /** i18n key of the card load failure ("errors:cardsLoadError" = "Loading error"). */
  readonly cardErrorKey: string | null;
  readonly pdf: FileBody | null;
  /** Object URL of the PDF blob for the preview; null outside pdf.ready. */
  readonly pdfUrl: string | null;
  readonly pdfError: unknown;
  /** "errors:pdfLoadError" ("PDF loading error") unless the error kind has a more precise text. */
  readonly pdfErrorKey: string | null;
  readonly notifyError: unknown;
  /** After a failed notification: the print count before it (the server may have counted it all the same). */
  readonly notifyUnsure: number | null;
  readonly notice: NotifyNotice | null;
}

export type CardLifecycleEvent =
  | { readonly type: "RETRY_CARD" }
  | { readonly type: "RETRY_PDF" }
  /** Reloads the card and its PDF (the previous object URL is revoked). */
  | { readonly type: "REFRESH" }
  | { readonly type: "NOTIFY" }
  | { readonly type: "CONFIRM_REPRINT" }
  | { readonly type: "CANCEL_REPRINT" }
  /** From the objectUrl actor. */
  | { readonly type: "PDF_URL"; readonly url: string };

export type CardLifecycleEmitted =
  | { readonly type: "notified"; readonly printCount: number }
  | { readonly type: "notifyFailed"; readonly error: unknown; readonly detailKey: string };

/** The card's holder as listed: last name (when the card carries it) then first name. */
export const cardHolderName = (card: AnyCard): string =>
  [("lastname" in card ? card.lastname : undefined) ?? "", card.firstname].join(" ").trim();

/** Printed-card count as shown: the card's print_count, 0 when the server leaves it out. */
export const printCountOf = (card: AnyCard | null): number => card?.print_count ?? 0;

/** Only an active card is sent to print. */
export const canNotifyPrint = (card: AnyCard | null): boolean => card !== null && card.valid;

const lifecycle = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as CardLifecycleContext,
    events: {} as CardLifecycleEvent,
    input: {} as CardLifecycleInput,
    emitted: {} as CardLifecycleEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    loadCard: fromPromise<AnyCard, { readonly kind: AnyKind; readonly id: string }>(({ input }) =>
      getCard(input.kind, input.id),
    ),
    loadPdf: fromPromise<FileBody, { readonly kind: AnyKind; readonly id: string }>(({ input }) =>
      getCardPdf(input.kind, input.id),
    ),
    notifyPrint: fromPromise<{ readonly print_count: number }, { readonly kind: AnyKind; readonly id: string }>(
      ({ input }) => notifyPrint(input.kind, input.id),
    ),
    /** Makes an object URL for the blob, sends it back, and revokes it when stopped. */
    objectUrl: fromCallback<{ type: string }, { readonly blob: Blob }, { type: "PDF_URL"; url: string }>(
      ({ input, sendBack }) => {
        const url = URL.createObjectURL(input.blob);
        sendBack({ type: "PDF_URL", url });
        return () => URL.revokeObjectURL(url);
      },
    ),
  },
  actions: {
    // Each load's outcome: its value and no error, or its error and the message the screen shows.
    cardLoaded: assign((_, card: AnyCard) => ({ card, cardError: null, cardErrorKey: null })),
    cardFailed: assign((_, error: unknown) => ({ cardError: error, cardErrorKey: messageKeyOf(error) })),
    pdfLoaded: assign((_, pdf: FileBody) => ({ pdf, pdfError: null, pdfErrorKey: null })),
    pdfFailed: assign((_, error: unknown) => ({ pdfError: error, pdfErrorKey: messageKeyOf(error) })),
  },
  guards: {
    printable: ({ context }) => canNotifyPrint(context.card),
    printedBefore: ({ context }) => printCountOf(context.card) > 0,
    unsure: ({ context }) => context.notifyUnsure !== null,
  },
});

/** The card the screen shows, as its calls name it. */
const cardRef = ({ context }: { readonly context: CardLifecycleContext }) => ({ kind: context.kind, id: context.id });

/** The error a failed call ended with. */
const errorOf = ({ event }: { readonly event: ErrorActorEvent }) => event.error;

/**
 * A part of the screen that loads on its own (the card, its PDF): loading → ready | failed, `retry` loads it again
 * and REFRESH reloads it whatever its state.
 */
const loadRegion = <Loading, Ready>(loading: Loading, ready: Ready, retry: "RETRY_CARD" | "RETRY_PDF") => ({
  initial: "loading" as const,
  on: { REFRESH: { target: ".loading", reenter: true } },
  states: { loading, ready, failed: { on: { [retry]: { target: "loading" } } } },
});

export const cardLifecycleMachine = lifecycle.createMachine({
  id: "cardLifecycle",
  type: "parallel",
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    card: null,
    cardError: null,
    cardErrorKey: null,
    pdf: null,
    pdfUrl: null,
    pdfError: null,
    pdfErrorKey: null,
    notifyError: null,
    notifyUnsure: null,
    notice: null,
  }),
  states: {
    card: loadRegion(
      lifecycle.createStateConfig({
        invoke: {
          src: "loadCard",
          input: cardRef,
          onDone: { target: "ready", actions: { type: "cardLoaded", params: ({ event }) => event.output } },
          onError: { target: "failed", actions: { type: "cardFailed", params: errorOf } },
        },
      }),
      {},
      "RETRY_CARD",
    ),
    pdf: loadRegion(
      lifecycle.createStateConfig({
        invoke: {
          src: "loadPdf",
          input: cardRef,
          onDone: { target: "ready", actions: { type: "pdfLoaded", params: ({ event }) => event.output } },
          onError: { target: "failed", actions: { type: "pdfFailed", params: errorOf } },
        },
      }),
      lifecycle.createStateConfig({
        invoke: {
          src: "objectUrl",
          input: ({ context }) => ({ blob: required(context.pdf, "The card's PDF").blob }),
        },
        on: { PDF_URL: { actions: assign({ pdfUrl: ({ event }) => event.url }) } },
        exit: assign({ pdfUrl: null, pdf: null }),
      }),
      "RETRY_PDF",
    ),
    notify: {
      initial: "idle",
      states: {
        idle: {
          on: {
            NOTIFY: [
              { guard: and(["printable", "unsure"]), target: "rechecking" },
              { guard: and(["printable", "printedBefore"]), target: "confirmingReprint" },
              { guard: "printable", target: "sending" },
            ],
          },
        },
        rechecking: {
          // No NOTIFY here either: the card read again decides whether anything is sent.
          invoke: {
            src: "loadCard",
            input: cardRef,
            onDone: [
              {
                guard: ({ context, event }) => printCountOf(event.output) > (context.notifyUnsure ?? 0),
                target: "idle",
                actions: [
                  assign(({ context, event }) => ({
                    card: event.output,
                    notifyError: null,
                    notifyUnsure: null,
                    notice: {
                      type: "success" as const,
                      key: "card:notifySuccess",
                      detailKey: null,
                      seq: (context.notice?.seq ?? 0) + 1,
                    },
                  })),
                  emit(({ event }) => ({ type: "notified" as const, printCount: printCountOf(event.output) })),
                ],
              },
              {
                guard: ({ event }) => printCountOf(event.output) > 0,
                target: "confirmingReprint",
                actions: assign({ card: ({ event }) => event.output }),
              },
              { target: "sending", actions: assign({ card: ({ event }) => event.output }) },
            ],
            onError: {
              target: "idle",
              actions: [
                assign(({ context, event }) => ({
                  notifyError: event.error,
                  notice: {
                    type: "error" as const,
                    key: "errors:notifyFailed",
                    detailKey: messageKeyOf(event.error),
                    seq: (context.notice?.seq ?? 0) + 1,
                  },
                })),
                emit(({ event }) => ({
                  type: "notifyFailed" as const,
                  error: event.error,
                  detailKey: messageKeyOf(event.error),
                })),
              ],
            },
          },
        },
        confirmingReprint: {
          on: { CONFIRM_REPRINT: { target: "sending" }, CANCEL_REPRINT: { target: "idle" } },
        },
        sending: {
          // No NOTIFY here: a double click notifies once.
          invoke: {
            src: "notifyPrint",
            input: cardRef,
            onDone: {
              target: "idle",
              actions: [
                assign(({ context, event }) => ({
                  card: context.card === null ? null : { ...context.card, print_count: event.output.print_count },
                  notifyError: null,
                  notifyUnsure: null,
                  notice: {
                    type: "success" as const,
                    key: "card:notifySuccess",
                    detailKey: null,
                    seq: (context.notice?.seq ?? 0) + 1,
                  },
                })),
                emit(({ event }) => ({ type: "notified" as const, printCount: event.output.print_count })),
              ],
            },
            onError: {
              target: "idle",
              actions: [
                assign(({ context, event }) => ({
                  notifyError: event.error,
                  notifyUnsure: context.notifyUnsure ?? printCountOf(context.card),
                  notice: {
                    type: "error" as const,
                    key: "errors:notifyFailed",
                    detailKey: messageKeyOf(event.error),
                    seq: (context.notice?.seq ?? 0) + 1,
                  },
                })),
                emit(({ event }) => ({
                  type: "notifyFailed" as const,
                  error: event.error,
                  detailKey: messageKeyOf(event.error),
                })),
              ],
            },
          },
        },
      },
    },
  },
});
