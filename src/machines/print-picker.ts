import { assign, emit, fromPromise, setup } from "xstate";
import { listCards } from "../api";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import type { BatchCard } from "../print/batch";
import { MAX_BATCH } from "../print/batch";
import { cardHolderName, printCountOf, type AnyCard } from "./card-lifecycle";

/**
 * From a card list to the print batch: the selected cards, or every active card of the list's search and
 * filter that was never printed (print count 0). The backend filters by search and faculty or service only
 * (docs/spec.md §7), so "never printed" is read page by page from `print_count`, following `next` to the end.
 *
 *   idle → collecting (COLLECT_UNPRINTED) → idle, emitting `collected` | `failed`
 */

/** Pages read at most for one collection (100 pages of 10: more than a batch holds). */
export const MAX_PAGES = 100;

export interface ListScope {
  readonly search: string;
  readonly filter: number | null;
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
  let page = await listCards(kind, { search: scope.search.trim() || undefined, filter: scope.filter });
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

export type PrintPickerEvent = { readonly type: "COLLECT_UNPRINTED"; readonly scope: ListScope };
export type PrintPickerEmitted =
  | { readonly type: "collected"; readonly cards: readonly BatchCard[] }
  | { readonly type: "failed"; readonly errorKey: string };

export const printPickerMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as { readonly kind: AnyKind; readonly scope: ListScope },
    input: {} as { readonly kind: AnyKind },
    events: {} as PrintPickerEvent,
    emitted: {} as PrintPickerEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    collect: fromPromise<BatchCard[], { readonly kind: AnyKind; readonly scope: ListScope }>(({ input }) =>
      collectUnprinted(input.kind, input.scope),
    ),
  },
}).createMachine({
  id: "printPicker",
  context: ({ input }) => ({ kind: input.kind, scope: { search: "", filter: null } }),
  initial: "idle",
  states: {
    idle: {
      on: { COLLECT_UNPRINTED: { target: "collecting", actions: assign({ scope: ({ event }) => event.scope }) } },
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
