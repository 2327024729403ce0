import type { AnyKind } from "../../kinds";
import { request, type Call } from "../request";
import {
  ActivityItems,
  AgentActivity,
  BulkRenewal,
  CardEvents,
  Renewal,
  type ActivityItem,
  type ActivityRow,
  type CardEvent,
  type ReactivateBody,
  type ReplaceBody,
  type SuspendBody,
} from "../schemas/lifecycle";

/**
 * The `lifecycle` extension's calls (docs/extensions.md), under the kind's card path as DRF detail routes
 * (`@action(detail=True)`): `…/card/{id}/suspend/` and so on; bulk renewal is a list route, `…/card/renew/`.
 */
export const lifecyclePaths = (kind: AnyKind) => ({
  suspend: (id: string) => `${kind.paths.card(id)}suspend/`,
  reactivate: (id: string) => `${kind.paths.card(id)}reactivate/`,
  replace: (id: string) => `${kind.paths.card(id)}replace/`,
  renew: (id: string) => `${kind.paths.card(id)}renew/`,
  events: (id: string) => `${kind.paths.card(id)}events/`,
  renewMany: `${kind.paths.cards}renew/`,
});

/** The agents' activity, every kind together, beside the all-cards export (`/base/api/v1/cards/export/`). */
export const agentActivityPath = "/base/api/v1/cards/activity/";
/** The items behind one count of it. */
export const activityItemsPath = `${agentActivityPath}items/`;

const post = (operation: string, url: string, json: unknown): Call => ({
  operation,
  method: "post",
  url,
  body: { json },
  extension: "lifecycle",
});

/** Suspends an active card; answers the card as it now is. */
export const suspendCard = <K extends AnyKind>(kind: K, id: string, body: SuspendBody) =>
  request(
    post("suspendCard", lifecyclePaths(kind).suspend(id), {
      reason: body.reason,
      note: body.note,
      reported_by_holder: body.reported_by_holder,
    }),
    kind.schemas.card,
  );

/** A suspended card found again: active once more. */
export const reactivateCard = <K extends AnyKind>(kind: K, id: string, body: ReactivateBody) =>
  request(post("reactivateCard", lifecyclePaths(kind).reactivate(id), { note: body.note }), kind.schemas.card);

/** Issues a replacement for an active or suspended card, the fee recorded; answers the new card. */
export const replaceCard = <K extends AnyKind>(kind: K, id: string, body: ReplaceBody) =>
  request(
    post("replaceCard", lifecyclePaths(kind).replace(id), {
      fee_amount: body.fee_amount,
      payment_reference: body.payment_reference,
      note: body.note,
    }),
    kind.schemas.card,
  );

/** Creates the pending demand that renews an expired card for the next academic year. */
export const renewCard = (kind: AnyKind, id: string) =>
  request(post("renewCard", lifecyclePaths(kind).renew(id), {}), Renewal);

/** Renews several cards in one call; the answer says which were renewed and which refused, and why. */
export const renewCards = (kind: AnyKind, cardIds: readonly string[]) =>
  request(post("renewCards", lifecyclePaths(kind).renewMany, { cards: [...cardIds] }), BulkRenewal);

/** The card's timeline, oldest first. */
export const cardEvents = async (kind: AnyKind, id: string): Promise<readonly CardEvent[]> => {
  const answer = await request(
    { operation: "cardEvents", method: "get", url: lifecyclePaths(kind).events(id), extension: "lifecycle" },
    CardEvents,
  );
  const events = "results" in answer ? answer.results : answer;
  return [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
};

export interface ActivityRange {
  /** First and last day, `YYYY-MM-DD` in Douala, both included. */
  readonly from: string;
  readonly to: string;
}

/** What each agent validated, printed, suspended, reactivated and replaced, by day (administrators only). */
export const agentActivity = async (range: ActivityRange): Promise<readonly ActivityRow[]> => {
  const answer = await request(
    {
      operation: "agentActivity",
      method: "get",
      url: agentActivityPath,
      searchParams: { from: range.from, to: range.to },
      extension: "lifecycle",
    },
    AgentActivity,
  );
  return "results" in answer ? answer.results : answer;
};

/** Which count's items: a range, an action, and one agent (their username) or every agent. */
export interface ActivityItemsQuery extends ActivityRange {
  readonly action: ActivityAction;
  readonly agent?: string;
}

/** The counts of a row, each of which opens its items. */
export const activityActions = [
  "validated",
  "rejected",
  "correction",
  "renewed",
  "printed",
  "suspended",
  "reactivated",
  "replaced",
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** Pages of items followed at most (a paged answer's `next`). */
const MAX_ITEM_PAGES = 50;

/** The cards and demands behind one count of the activity, oldest first (administrators only). */
export const activityItems = async (query: ActivityItemsQuery): Promise<readonly ActivityItem[]> => {
  const items: ActivityItem[] = [];
  let url = activityItemsPath;
  let searchParams: Record<string, string | undefined> | undefined = {
    from: query.from,
    to: query.to,
    action: query.action,
    agent: query.agent,
  };
  for (let page = 1; ; page++) {
    const answer = await request(
      {
        operation: "activityItems",
        method: "get",
        url,
        searchParams,
        ownPath: activityItemsPath,
        extension: "lifecycle",
      },
      ActivityItems,
    );
    if (!("results" in answer)) return [...items, ...answer];
    items.push(...answer.results);
    if (!answer.next || page >= MAX_ITEM_PAGES) return items;
    url = answer.next;
    searchParams = undefined;
  }
};
