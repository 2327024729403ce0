import { assign, fromPromise, setup } from "xstate";
import { getStats, type Stats } from "../api";
import { messageKeyOf } from "../api/messages";

/**
 * The dashboard counts (spec §2, §3 "Dashboard stats"): one fetch of GET /base/api/v1/stats/.
 *
 *   loading → ready | failed (RETRY); REFRESH from ready reloads (the previous counts stay on display).
 */

export type FetchStats = () => Promise<Stats>;

export interface StatsInput {
  /** Defaults to getStats (GET /base/api/v1/stats/); tests pass a stub. */
  readonly fetchStats?: FetchStats;
}

export interface StatsContext {
  readonly fetchStats: FetchStats;
  readonly stats: Stats | null;
  readonly errorKey: string | null;
}

export type StatsEvent = { readonly type: "RETRY" } | { readonly type: "REFRESH" };

export const statsMachine = setup({
  types: {
    context: {} as StatsContext,
    events: {} as StatsEvent,
    input: {} as StatsInput,
  },
  actors: {
    load: fromPromise<Stats, { readonly fetchStats: FetchStats }>(({ input }) => input.fetchStats()),
  },
}).createMachine({
  id: "stats",
  context: ({ input }) => ({ fetchStats: input.fetchStats ?? getStats, stats: null, errorKey: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        input: ({ context }) => ({ fetchStats: context.fetchStats }),
        onDone: { target: "ready", actions: assign({ stats: ({ event }) => event.output, errorKey: null }) },
        onError: { target: "failed", actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }) },
      },
    },
    ready: { on: { REFRESH: { target: "loading" } } },
    failed: { on: { RETRY: { target: "loading" } } },
  },
});
