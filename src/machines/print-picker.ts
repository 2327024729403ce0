import { assign, emit, fromPromise, setup } from "xstate";
import { listCards } from "../api";
import type { CardState } from "../api/schemas/lifecycle";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import type { BatchCard } from "../print/batch";
import { MAX_BATCH } from "../print/batch";
import { cardHolderName, printCountOf, type AnyCard } from "./card-lifecycle";
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
 */

/** Pages read at most for one collection (100 pages of 10: more than a batch holds). */
export const MAX_PAGES = 100;

export interface ListScope {
  readonly search: string;
  readonly filter: number | null;
  /** Extension `lifecycle`: the list's state filter, when it has one. */
  readonly state?: CardState | null;
}

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

/** The cards of a list that `keep` accepts, read page by page to its end (MAX_PAGES at most, `limit` cards). */
export const readListCards = async (
  kind: AnyKind,
  scope: ListScope,
  keep: (card: AnyCard) => boolean,
  limit = Infinity,
): Promise<AnyCard[]> => {
  const found: AnyCard[] = [];
  let page = await listCards(kind, {
    search: scope.search.trim() || undefined,
    filter: scope.filter,
    state: scope.state ?? null,
  });
  for (let read = 1; ; read++) {
    for (const card of page.results) if (keep(card)) found.push(card);
    if (!page.next || read >= MAX_PAGES || found.length >= limit) return found;
    page = await listCards(kind, { link: page.next });
  }
};

/** Reads the list to its end (bounded), keeping active cards never printed. */
export const collectUnprinted = async (kind: AnyKind, scope: ListScope): Promise<BatchCard[]> =>
  (await readListCards(kind, scope, (card) => card.valid && printCountOf(card) === 0, MAX_BATCH)).map((card) =>
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
}

const printedMatches = (printed: PrintedFilter, card: AnyCard) =>
  printed === "all" || (printed === "yes" ? printCountOf(card) > 0 : printCountOf(card) === 0);

/** Reads the list to its end (bounded), keeping the active cards of its print status, MAX_BATCH at most. */
export const collectMatching = async (kind: AnyKind, scope: MatchingScope): Promise<MatchingCards> => {
  const found = await readListCards(
    kind,
    scope,
    (card) => card.valid && printedMatches(scope.printed, card),
    MAX_BATCH + 1,
  );
  return {
    cards: found.slice(0, MAX_BATCH).map((card) => batchCardOf(kind, card, scope.filter)),
    capped: found.length > MAX_BATCH,
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
    context: {} as { readonly kind: AnyKind; readonly scope: ListScope; readonly matching: MatchingScope },
    input: {} as { readonly kind: AnyKind },
    events: {} as PrintPickerEvent,
    emitted: {} as PrintPickerEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    collect: fromPromise<BatchCard[], { readonly kind: AnyKind; readonly scope: ListScope }>(({ input }) =>
      collectUnprinted(input.kind, input.scope),
    ),
    collectMatching: fromPromise<MatchingCards, MatchingInput>(({ input }) => collectMatching(input.kind, input.scope)),
  },
}).createMachine({
  id: "printPicker",
  context: ({ input }) => ({
    kind: input.kind,
    scope: { search: "", filter: null },
    matching: { search: "", filter: null, printed: "all" },
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
          actions: emit(({ event }) => ({
            type: "matched" as const,
            cards: event.output.cards,
            capped: event.output.capped,
          })),
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
        onDone: { target: "idle", actions: emit(({ event }) => ({ type: "collected" as const, cards: event.output })) },
        onError: {
          target: "idle",
          actions: emit(({ event }) => ({ type: "failed" as const, errorKey: messageKeyOf(event.error) })),
        },
      },
    },
  },
});
