import { assign, fromPromise, setup } from "xstate";
import { getStats, type Stats } from "../api";
import { messageKeyOf } from "../api/messages";

/**
 * The dashboard counts (docs/spec.md §2, §3 "Dashboard stats"): one fetch of GET /base/api/v1/stats/.
 *
 *   loading → ready | failed (RETRY); REFRESH from ready reloads (the previous counts stay on display).
 */

export interface StatsContext {
  readonly stats: Stats | null;
  readonly errorKey: string | null;
}

export type StatsEvent = { readonly type: "RETRY" } | { readonly type: "REFRESH" };

export const statsMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as StatsContext,
    events: {} as StatsEvent,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    load: fromPromise<Stats>(() => getStats()),
  },
}).createMachine({
  id: "stats",
  context: { stats: null, errorKey: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign({ stats: ({ event }) => event.output, errorKey: null }) },
        onError: { target: "failed", actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }) },
      },
    },
    ready: { on: { REFRESH: { target: "loading" } } },
    failed: { on: { RETRY: { target: "loading" } } },
  },
});
