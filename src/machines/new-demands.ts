import { assign, fromPromise, setup } from "xstate";
import { listDemands } from "../api";
import type { AnyKind } from "../kinds";
import { receivedQuery, type DemandListFilter } from "./demand-list-filter";

/**
 * Demands that arrived since the list was read (a request sent from a phone meanwhile): the list's first page is
 * counted again every minute and when the window comes back into focus, and the screen offers "N new — show"
 * rather than rows jumping under the agent's cursor. Showing reads the list again, which starts a new count.
 *
 *   idle —WATCH (the list's query and count)→ waiting —CHECK | a minute→ counting → waiting (`fresh` updated)
 */

export interface WatchedList {
  readonly search: string;
  readonly filter: DemandListFilter;
}

export interface NewDemandsContext {
  readonly kind: AnyKind;
  readonly rejectOn: boolean;
  readonly list: WatchedList | null;
  /** The count the list showed when it was read. */
  readonly baseline: number;
  /** How many more the list now counts (0: nothing new). */
  readonly fresh: number;
}

export type NewDemandsEvent =
  | { readonly type: "WATCH"; readonly list: WatchedList; readonly count: number }
  | { readonly type: "CHECK" };

/** Every minute, the list is counted again. */
export const WATCH_INTERVAL_MS = 60_000;

/** The list's count as it would read now (its first page, the same query). */
export const countOf = async (kind: AnyKind, list: WatchedList, rejectOn: boolean): Promise<number> =>
  (
    await listDemands(kind, {
      search: list.search.trim() || undefined,
      filter: list.filter.status,
      ...(rejectOn && list.filter.status === "no_validated" ? { rejection: "none" as const } : {}),
      ...receivedQuery(list.filter.dates, Date.now()),
    })
  ).count;

export const newDemandsMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as NewDemandsContext,
    events: {} as NewDemandsEvent,
    input: {} as { readonly kind: AnyKind; readonly rejectOn?: boolean },
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    count: fromPromise<number, { readonly kind: AnyKind; readonly list: WatchedList; readonly rejectOn: boolean }>(
      ({ input }) => countOf(input.kind, input.list, input.rejectOn),
    ),
  },
  delays: { interval: WATCH_INTERVAL_MS },
}).createMachine({
  id: "newDemands",
  context: ({ input }) => ({ kind: input.kind, rejectOn: input.rejectOn ?? false, list: null, baseline: 0, fresh: 0 }),
  initial: "idle",
  on: {
    WATCH: {
      target: ".waiting",
      actions: assign({ list: ({ event }) => event.list, baseline: ({ event }) => event.count, fresh: 0 }),
    },
  },
  states: {
    idle: {},
    waiting: {
      after: { interval: { target: "counting" } },
      on: { CHECK: { target: "counting" } },
    },
    counting: {
      invoke: {
        src: "count",
        input: ({ context }) => ({
          kind: context.kind,
          // WATCH came first: counting is reached from waiting only.
          list: context.list ?? { search: "", filter: { status: "no_validated", dates: null } },
          rejectOn: context.rejectOn,
        }),
        onDone: {
          target: "waiting",
          actions: assign({ fresh: ({ context, event }) => Math.max(0, event.output - context.baseline) }),
        },
        // A count that fails says nothing new; the next minute tries again.
        onError: { target: "waiting" },
      },
    },
  },
});
