import { assign, fromPromise, setup } from "xstate";
import { activityActions, activityItems, type ActivityItemsQuery } from "../api";
import type { ActivityItem } from "../api/schemas/lifecycle";
import { isOneOf } from "../api/one-of";
import { messageKeyOf } from "../api/messages";
import { kindIds, type KindId } from "../api/kind-ids";
import { rangeProblem } from "./agent-activity";

/**
 * The items behind one count of the agents' activity (extension `lifecycle`, docs/extensions.md
 * `GET /base/api/v1/cards/activity/items/`): the cards or demands an agent (or every agent) validated, rejected,
 * printed… over the count's days, each one link away from its own screen.
 *
 *   loading → ready | failed (RETRY)
 */

/** The query a drill-down address carries (`?from=&to=&action=[&agent=]`), or null when it is not one. */
export const itemsQueryOf = (raw: Record<string, unknown>): ActivityItemsQuery | null => {
  const { from, to, action, agent } = raw;
  if (typeof from !== "string" || typeof to !== "string" || !isOneOf(activityActions, action)) return null;
  if (rangeProblem({ from, to }) !== null) return null;
  return { from, to, action, ...(typeof agent === "string" && agent.trim() !== "" ? { agent: agent.trim() } : {}) };
};

/** Where an item opens: a card's detail, a demand's validation screen; null for a kind the app does not know. */
export const itemHref = (item: ActivityItem): string | null => {
  if (!isOneOf(kindIds, item.kind)) return null;
  const kind: KindId = item.kind;
  const id = encodeURIComponent(item.id);
  if (item.item === "card") return `/dashboard/${kind}/card/${id}`;
  if (item.item === "demand") return `/dashboard/${kind}/demand/validation/${id}`;
  return null;
};

export const activityItemsMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as {
      readonly query: ActivityItemsQuery;
      readonly items: readonly ActivityItem[];
      readonly errorKey: string | null;
    },
    events: {} as { readonly type: "RETRY" },
    input: {} as { readonly query: ActivityItemsQuery },
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    readItems: fromPromise<readonly ActivityItem[], ActivityItemsQuery>(({ input }) => activityItems(input)),
  },
}).createMachine({
  id: "activityItems",
  context: ({ input }) => ({ query: input.query, items: [], errorKey: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "readItems",
        input: ({ context }) => context.query,
        onDone: { target: "ready", actions: assign({ items: ({ event }) => event.output, errorKey: null }) },
        onError: { target: "failed", actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { RETRY: "loading" } },
  },
});
