import { assign, emit, fromPromise, setup } from "xstate";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import type { BatchCard } from "../print/batch";
import { MAX_BATCH } from "../print/batch";
import { cardHolderName, printCountOf, type AnyCard } from "./card-lifecycle";
import { readListCards, type ListScope } from "./card-list-reading";
import type { PrintedFilter } from "./print-status-pages";

/**
 * From a card list to the print batch: the selected cards, or every active card of the list's search and
 * filter that was never printed (print count 0). The backend filters by search and faculty or service only
 * (docs/spec.md §7), so "never printed" is read page by page from `print_count`, following `next` to the end.
 *
 *   idle → collecting (COLLECT_UNPRINTED) → idle, emitting `collected` | `failed`
 *   idle → selecting (SELECT_MATCHING) → idle, emitting `matched` | `failed`
 *
 * "Select all N matching" takes the active cards of the whole list (search, filter and print status), up to a
 * batch's MAX_BATCH: the ones past it are not read, and `capped` says there were some.
 *
 * The rows of the list the app could not read (src/api/rows.ts) are counted, as the list screens count theirs:
 * `unread` says how many the last collection left out, and of which search and filter.
 */

/** A card as the batch keeps it; `group` is the card's faculty or service, else the list's filter. */
export const batchCardOf = (kind: AnyKind, card: AnyCard, filter: number | null): BatchCard => {
  const fields: Readonly<Record<string, unknown>> = card;
  const group = fields[kind.cardFilter];
  return {
    id: card.id,
    code: card.code,
    register: card.register,
    name: cardHolderName(card),
    group: typeof group === "number" ? group : filter,
    printCount: printCountOf(card),
  };
};

/** Reads the list to its end (bounded), keeping active cards never printed; rows it could not read add to `unread`. */
export const collectUnprinted = async (
  kind: AnyKind,
  scope: ListScope,
  unread?: { skipped: number },
): Promise<BatchCard[]> =>
  (await readListCards(kind, scope, (card) => card.valid && printCountOf(card) === 0, MAX_BATCH, unread)).map((card) =>
    batchCardOf(kind, card, scope.filter),
  );

/** A list as the card list screen shows it: its search, filter and print status. */
export interface MatchingScope extends ListScope {
  readonly printed: PrintedFilter;
}
export interface MatchingInput {
  readonly kind: AnyKind;
  readonly scope: MatchingScope;
}
export interface MatchingCards {
  readonly cards: readonly BatchCard[];
  /** More active cards matched than a batch holds: only the first MAX_BATCH are given. */
  readonly capped: boolean;
  /** Rows of the list the app could not read (src/api/rows.ts); none when absent, as on a page. */
  readonly skipped?: number;
}

/** The rows a collection could not read, and the search and filter of the list it read. */
interface Unread {
  readonly scope: ListScope;
  readonly skipped: number;
}

const printedMatches = (printed: PrintedFilter, card: AnyCard) =>
  printed === "all" || (printed === "yes" ? printCountOf(card) > 0 : printCountOf(card) === 0);

/** Reads the list to its end (bounded), keeping the active cards of its print status, MAX_BATCH at most. */
export const collectMatching = async (kind: AnyKind, scope: MatchingScope): Promise<MatchingCards> => {
  const unread = { skipped: 0 };
  const found = await readListCards(
    kind,
    scope,
    (card) => card.valid && printedMatches(scope.printed, card),
    MAX_BATCH + 1,
    unread,
  );
  return {
    cards: found.slice(0, MAX_BATCH).map((card) => batchCardOf(kind, card, scope.filter)),
    capped: found.length > MAX_BATCH,
    skipped: unread.skipped,
  };
};

export type PrintPickerEvent =
  | { readonly type: "COLLECT_UNPRINTED"; readonly scope: ListScope }
  | { readonly type: "SELECT_MATCHING"; readonly scope: MatchingScope };
export type PrintPickerEmitted =
  | { readonly type: "collected"; readonly cards: readonly BatchCard[] }
  | { readonly type: "matched"; readonly cards: readonly BatchCard[]; readonly capped: boolean }
  | { readonly type: "failed"; readonly errorKey: string };

export const printPickerMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as {
      readonly kind: AnyKind;
      readonly scope: ListScope;
      readonly matching: MatchingScope;
      readonly unread: Unread | null;
    },
    input: {} as { readonly kind: AnyKind },
    events: {} as PrintPickerEvent,
    emitted: {} as PrintPickerEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    collect: fromPromise<
      { readonly cards: readonly BatchCard[]; readonly skipped: number },
      { readonly kind: AnyKind; readonly scope: ListScope }
    >(async ({ input }) => {
      const unread = { skipped: 0 };
      return { cards: await collectUnprinted(input.kind, input.scope, unread), skipped: unread.skipped };
    }),
    collectMatching: fromPromise<MatchingCards, MatchingInput>(({ input }) => collectMatching(input.kind, input.scope)),
  },
}).createMachine({
  id: "printPicker",
  context: ({ input }) => ({
    kind: input.kind,
    scope: { search: "", filter: null },
    matching: { search: "", filter: null, printed: "all" },
    unread: null,
  }),
  initial: "idle",
  states: {
    idle: {
      on: {
        COLLECT_UNPRINTED: { target: "collecting", actions: assign({ scope: ({ event }) => event.scope }) },
        SELECT_MATCHING: { target: "selecting", actions: assign({ matching: ({ event }) => event.scope }) },
      },
    },
    selecting: {
      invoke: {
        src: "collectMatching",
        input: ({ context }) => ({ kind: context.kind, scope: context.matching }),
        onDone: {
          target: "idle",
          actions: [
            assign({
              unread: ({ context, event }) => ({ scope: context.matching, skipped: event.output.skipped ?? 0 }),
            }),
            emit(({ event }) => ({ type: "matched" as const, cards: event.output.cards, capped: event.output.capped })),
          ],
        },
        onError: {
          target: "idle",
          actions: emit(({ event }) => ({ type: "failed" as const, errorKey: messageKeyOf(event.error) })),
        },
      },
    },
    collecting: {
      invoke: {
        src: "collect",
        input: ({ context }) => ({ kind: context.kind, scope: context.scope }),
        onDone: {
          target: "idle",
          actions: [
            assign({ unread: ({ context, event }) => ({ scope: context.scope, skipped: event.output.skipped }) }),
            emit(({ event }) => ({ type: "collected" as const, cards: event.output.cards })),
          ],
        },
        onError: {
          target: "idle",
          actions: emit(({ event }) => ({ type: "failed" as const, errorKey: messageKeyOf(event.error) })),
        },
      },
    },
  },
});
