import { assign, emit, fromPromise, raise, setup } from "xstate";
import { FREE_TEXT_MAX, freeTextProblem } from "../forms/text-chars";
import { cardStateOn, DEFAULT_VALIDITY_RULES, doualaDay, type ValidityRules } from "../api/card-validity";
import {
  cardEvents,
  reactivateCard,
  renewCard,
  replaceCard,
  suspendCard,
  type CardEvent,
  type ReactivateBody,
  type Renewal,
  type ReplaceBody,
  type SuspendBody,
  type SuspendReason,
} from "../api";
import { messageKeyOf } from "../api/messages";
import { parseAmount } from "../forms/amount";
import type { AnyKind } from "../kinds";
import type { AnyCard } from "./card-lifecycle";

/**
 * A card's life (the `lifecycle` extension, docs/extensions.md), beside the detail screen's loading and printing
 * (card-lifecycle.ts). Two parallel regions:
 *
 *   state:    deciding → active | suspended | replaced | expired | inactive, from the card and the day
 *             active    —SUSPEND→ suspending → (the card as the server answers)   —REPLACE→ replacing
 *             suspended —REACTIVATE→ reactivating → …                              —REPLACE→ replacing
 *             replacing → replaced (the new card kept); replaced has no way out: it is never active again
 *             expired   —RENEW→ renewing → expired (the pending demand kept)
 *             inactive  (docs/spec.md's inactive card without a lifecycle state): no action
 *             A failed call goes back to the state it left, its message kept. CARD (a reloaded card) and DAY
 *             (the clock moved) decide again.
 *   timeline: loading → ready | failed (RETRY_TIMELINE); reloaded after every transition the server made.
 *
 * The calls are actors with real defaults; tests swap them with .provide().
 */

export interface CardStatesInput {
  readonly kind: AnyKind;
  readonly card: AnyCard;
  /** YYYY-MM-DD in Douala; the clock's day by default. */
  readonly today?: string;
  readonly rules?: ValidityRules;
}

export interface CardStatesContext {
  readonly kind: AnyKind;
  readonly card: AnyCard;
  readonly today: string;
  readonly rules: ValidityRules;
  /** The card issued by a replacement, once made. */
  readonly replacement: AnyCard | null;
  readonly renewal: Renewal | null;
  readonly error: unknown;
  /** i18n key of the last failed call's message. */
  readonly errorKey: string | null;
  readonly events: readonly CardEvent[];
  readonly eventsErrorKey: string | null;
  /** What keeps the replacement form from being sent, field by field (i18n keys); null when nothing does. */
  readonly replaceErrors: ReplaceErrors | null;
  /** Why the dialog's note cannot be sent (i18n key), or null. */
  readonly noteError: string | null;
}

export interface ReplaceErrors {
  readonly fee: string | null;
  readonly reference: string | null;
}

export type CardStatesEvent =
  | {
      readonly type: "SUSPEND";
      readonly reason: SuspendReason;
      readonly note: string;
      readonly reportedByHolder: boolean;
    }
  | { readonly type: "REACTIVATE"; readonly note: string }
  /** The fee as the agent wrote it ("5 000 FCFA"): the machine reads it (src/forms/amount.ts). */
  | { readonly type: "REPLACE"; readonly fee: string; readonly paymentReference: string; readonly note: string }
  | { readonly type: "RENEW" }
  /** The replacement form opened again: its last errors no longer stand. */
  | { readonly type: "REPLACE_FORM" }
  | { readonly type: "CARD"; readonly card: AnyCard }
  | { readonly type: "DAY"; readonly today: string }
  | { readonly type: "RETRY_TIMELINE" }
  /** Raised after a transition the server made. */
  | { readonly type: "RELOAD_TIMELINE" };

export type CardStatesEmitted =
  | { readonly type: "changed"; readonly action: "suspended" | "reactivated" | "replaced" | "renewed" }
  | { readonly type: "failed"; readonly detailKey: string };

interface CardCall<B> {
  readonly kind: AnyKind;
  readonly id: string;
  readonly body: B;
}

const freeTextKeys: Readonly<Record<string, string>> = {
  invisibleChars: "validation:invisibleChars",
  tooLong: "validation:paymentReferenceMax",
};

/**
 * A fee is a whole, non-negative amount and its payment reference is named, under the free-text rule: what is
 * wrong, field by field.
 */
export const replaceErrorsOf = (fee: string, paymentReference: string): ReplaceErrors | null => {
  const errors = {
    fee: parseAmount(fee) === null ? "card:lifecycle.replaceDialog.feeInvalid" : null,
    reference:
      paymentReference.trim() === ""
        ? "card:lifecycle.replaceDialog.referenceMissing"
        : (freeTextKeys[freeTextProblem(paymentReference.trim(), FREE_TEXT_MAX.paymentReference) ?? "none"] ?? null),
  };
  return errors.fee === null && errors.reference === null ? null : errors;
};

/** A note (suspension, reactivation, replacement) under the free-text rule: the i18n key of its problem, or null. */
export const noteErrorOf = (note: string): string | null => {
  const problem = freeTextProblem(note, FREE_TEXT_MAX.note);
  return problem === "invisibleChars"
    ? "validation:invisibleChars"
    : problem === "tooLong"
      ? "validation:noteMax"
      : null;
};
const eventNote = (event: CardStatesEvent): string =>
  event.type === "SUSPEND" || event.type === "REACTIVATE" || event.type === "REPLACE" ? event.note : "";

/** A replacement goes when its form holds; otherwise each field says what it lacks. */
const replaceTransition = [
  { guard: "replaceReady", target: "replacing", actions: "clearErrors" },
  { actions: "recordReplaceErrors" },
] as const;

/** What every failed call does: keep the error and its message, and say so once. */
const failure = [
  { type: "recordFailure", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  { type: "announceFailure", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
] as const;

export const cardStatesMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as CardStatesContext,
    events: {} as CardStatesEvent,
    input: {} as CardStatesInput,
    emitted: {} as CardStatesEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    suspend: fromPromise<AnyCard, CardCall<SuspendBody>>(({ input }) => suspendCard(input.kind, input.id, input.body)),
    reactivate: fromPromise<AnyCard, CardCall<ReactivateBody>>(({ input }) =>
      reactivateCard(input.kind, input.id, input.body),
    ),
    replace: fromPromise<AnyCard, CardCall<ReplaceBody>>(({ input }) => replaceCard(input.kind, input.id, input.body)),
    renew: fromPromise<Renewal, CardCall<null>>(({ input }) => renewCard(input.kind, input.id)),
    loadEvents: fromPromise<readonly CardEvent[], CardCall<null>>(({ input }) => cardEvents(input.kind, input.id)),
  },
  actions: {
    reloadTimeline: raise({ type: "RELOAD_TIMELINE" }),
    clearErrors: assign({ error: null, errorKey: null, replaceErrors: null, noteError: null }),
    recordReplaceErrors: assign({
      replaceErrors: ({ event }) =>
        event.type === "REPLACE" ? replaceErrorsOf(event.fee, event.paymentReference) : null,
      noteError: ({ event }) => noteErrorOf(eventNote(event)),
    }),
    recordNoteError: assign({ noteError: ({ event }) => noteErrorOf(eventNote(event)) }),
    recordFailure: assign((_, params: { readonly error: unknown }) => ({
      error: params.error,
      errorKey: messageKeyOf(params.error),
    })),
    announceFailure: emit((_, params: { readonly error: unknown }) => ({
      type: "failed" as const,
      detailKey: messageKeyOf(params.error),
    })),
  },
  guards: {
    isActive: ({ context }) => stateOf(context) === "active",
    isSuspended: ({ context }) => stateOf(context) === "suspended",
    isReplaced: ({ context }) => stateOf(context) === "replaced",
    isExpired: ({ context }) => stateOf(context) === "expired",
    replaceReady: ({ event }) =>
      event.type === "REPLACE" &&
      replaceErrorsOf(event.fee, event.paymentReference) === null &&
      noteErrorOf(event.note) === null,
    noteFits: ({ event }) => noteErrorOf(eventNote(event)) === null,
  },
}).createMachine({
  id: "cardStates",
  type: "parallel",
  context: ({ input }) => ({
    kind: input.kind,
    card: input.card,
    today: input.today ?? doualaDay(Date.now()),
    rules: input.rules ?? DEFAULT_VALIDITY_RULES,
    replacement: null,
    renewal: null,
    error: null,
    errorKey: null,
    events: [],
    eventsErrorKey: null,
    replaceErrors: null,
    noteError: null,
  }),
  on: {
    CARD: { target: ".state.deciding", actions: assign({ card: ({ event }) => event.card }) },
    DAY: { target: ".state.deciding", actions: assign({ today: ({ event }) => event.today }) },
    REPLACE_FORM: { actions: assign({ replaceErrors: null, noteError: null }) },
  },
  states: {
    state: {
      initial: "deciding",
      states: {
        deciding: {
          always: [
            { guard: "isReplaced", target: "replaced" },
            { guard: "isSuspended", target: "suspended" },
            { guard: "isExpired", target: "expired" },
            { guard: "isActive", target: "active" },
            { target: "inactive" },
          ],
        },
        active: {
          on: {
            // A suspension goes when its note holds; otherwise the note says why.
            SUSPEND: [
              { guard: "noteFits", target: "suspending", actions: "clearErrors" },
              { actions: "recordNoteError" },
            ],
            REPLACE: replaceTransition,
          },
        },
        suspending: {
          invoke: {
            src: "suspend",
            input: ({ context, event }) => ({
              kind: context.kind,
              id: context.card.id,
              body:
                event.type === "SUSPEND"
                  ? { reason: event.reason, note: event.note, reported_by_holder: event.reportedByHolder }
                  : { reason: "other" as const, note: "", reported_by_holder: false },
            }),
            onDone: {
              target: "#cardStates.state.deciding",
              actions: [
                assign({ card: ({ event }) => event.output }),
                emit({ type: "changed" as const, action: "suspended" as const }),
                "reloadTimeline",
              ],
            },
            onError: { target: "active", actions: failure },
          },
        },
        suspended: {
          on: {
            REACTIVATE: [
              { guard: "noteFits", target: "reactivating", actions: "clearErrors" },
              { actions: "recordNoteError" },
            ],
            REPLACE: replaceTransition,
          },
        },
        reactivating: {
          invoke: {
            src: "reactivate",
            input: ({ context, event }) => ({
              kind: context.kind,
              id: context.card.id,
              body: { note: event.type === "REACTIVATE" ? event.note : "" },
            }),
            onDone: {
              target: "#cardStates.state.deciding",
              actions: [
                assign({ card: ({ event }) => event.output }),
                emit({ type: "changed" as const, action: "reactivated" as const }),
                "reloadTimeline",
              ],
            },
            onError: { target: "suspended", actions: failure },
          },
        },
        replacing: {
          invoke: {
            src: "replace",
            input: ({ context, event }) => ({
              kind: context.kind,
              id: context.card.id,
              body:
                event.type === "REPLACE"
                  ? {
                      fee_amount: parseAmount(event.fee) ?? 0,
                      payment_reference: event.paymentReference.trim(),
                      note: event.note,
                    }
                  : { fee_amount: 0, payment_reference: "", note: "" },
            }),
            onDone: {
              target: "replaced",
              actions: [
                assign({
                  replacement: ({ event }) => event.output,
                  card: ({ context, event }) => ({
                    ...context.card,
                    valid: false,
                    state: "replaced",
                    replaced_by: event.output.id,
                  }),
                }),
                emit({ type: "changed" as const, action: "replaced" as const }),
                "reloadTimeline",
              ],
            },
            onError: { target: "deciding", actions: failure },
          },
        },
        // No way out: a replaced card is never active again (its replacement is the holder's card).
        replaced: {},
        expired: {
          on: { RENEW: { guard: ({ context }) => context.renewal === null, target: "renewing" } },
        },
        renewing: {
          invoke: {
            src: "renew",
            input: ({ context }) => ({ kind: context.kind, id: context.card.id, body: null }),
            onDone: {
              target: "expired",
              actions: [
                assign({ renewal: ({ event }) => event.output, error: null, errorKey: null }),
                emit({ type: "changed" as const, action: "renewed" as const }),
                "reloadTimeline",
              ],
            },
            onError: { target: "expired", actions: failure },
          },
        },
        inactive: {},
      },
    },
    timeline: {
      initial: "loading",
      on: { RELOAD_TIMELINE: { target: ".loading", reenter: true } },
      states: {
        loading: {
          invoke: {
            src: "loadEvents",
            input: ({ context }) => ({ kind: context.kind, id: context.card.id, body: null }),
            onDone: { target: "ready", actions: assign({ events: ({ event }) => event.output, eventsErrorKey: null }) },
            onError: {
              target: "failed",
              actions: assign({ eventsErrorKey: ({ event }) => messageKeyOf(event.error) }),
            },
          },
        },
        ready: {},
        failed: { on: { RETRY_TIMELINE: { target: "loading" } } },
      },
    },
  },
});

/** The card's state on the context's day. */
export const stateOf = (context: Pick<CardStatesContext, "kind" | "card" | "today" | "rules">) =>
  cardStateOn(context.kind.id, context.card, context.today, context.rules);
