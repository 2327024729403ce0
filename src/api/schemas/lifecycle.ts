import { Schema } from "effect";
import { DateTime, Id, Validator } from "./common";
import { lenient } from "./lenient";
import type { SuspendReason } from "../card-states";
import { isOneOf } from "../one-of";

export * from "../card-states";

/**
 * The `lifecycle` backend extension (docs/extensions.md): what a card answer may carry beyond docs/spec.md §3, the
 * events of its timeline and the bodies of its calls. Every new answer field is optional and read tolerantly: a
 * card answer without them is read as today, an unknown state or reason is kept as text and shown as nothing.
 */

/** Fields the public check answer may carry too: the state a guard must see, never the note or the agent. */
export const lifecyclePublicFields = {
  state: lenient("state", Schema.NullOr(Schema.String)),
  state_reason: lenient("state_reason", Schema.NullOr(Schema.String)),
  state_at: lenient("state_at", Schema.NullOr(DateTime)),
  /** Last day the card is valid (YYYY-MM-DD, Douala). */
  valid_until: lenient("valid_until", Schema.NullOr(Schema.String)),
  /** 1 for the first card of a holder, n for the (n-1)th replacement ("DUPLICATA N°n-1", src/api/duplicate-number.ts). */
  sequence: lenient("sequence", Schema.NullOr(Schema.Number)),
} as const;

/**
 * Fields the dashboard counts (`GET /base/api/v1/stats/`) may carry: cards suspended today, and active cards whose
 * validity ends within the next EXPIRY_SOON_DAYS days (today included), every kind together.
 */
export const lifecycleStatsFields = {
  suspended_cards: lenient("suspended_cards", Schema.NullOr(Schema.Number)),
  expiring_cards: lenient("expiring_cards", Schema.NullOr(Schema.Number)),
} as const;

/** Fields only an agent's card answer carries. */
export const lifecycleAgentFields = {
  state_note: lenient("state_note", Schema.NullOr(Schema.String)),
  state_by: lenient("state_by", Schema.NullOr(Validator)),
  /** The card that replaced this one, and the one this card replaces. */
  replaced_by: lenient("replaced_by", Schema.NullOr(Id)),
  replaces: lenient("replaces", Schema.NullOr(Id)),
  /** The card this one renews: it was made from a renewal demand (absent or null for a first card). */
  renews: lenient("renews", Schema.NullOr(Id)),
} as const;

/** One event of a card's timeline (`GET …/card/{id}/events/`). `kind` is kept as text: unknown kinds are skipped. */
export const CardEvent = Schema.Struct({
  kind: Schema.String,
  at: DateTime,
  by: Schema.optionalKey(Schema.NullOr(Validator)),
  reason: Schema.optionalKey(Schema.NullOr(Schema.String)),
  note: Schema.optionalKey(Schema.NullOr(Schema.String)),
  card: Schema.optionalKey(Schema.NullOr(Id)),
  fee_amount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  payment_reference: Schema.optionalKey(Schema.NullOr(Schema.String)),
  demand: Schema.optionalKey(Schema.NullOr(Id)),
  /** On a suspension: the holder reported it at the counter. */
  reported_by_holder: Schema.optionalKey(Schema.Boolean),
});
export type CardEvent = Schema.Schema.Type<typeof CardEvent>;

export const eventKinds = [
  "submitted",
  "validated",
  "printed",
  "suspended",
  "reactivated",
  "replaced",
  "replacing",
  "renewed",
] as const;
export type EventKind = (typeof eventKinds)[number];
export const isEventKind = (value: unknown): value is EventKind => isOneOf(eventKinds, value);

/** The timeline answer: a bare list or DRF's paged envelope (the first page holds the whole life of one card). */
export const CardEvents = Schema.Union([Schema.Array(CardEvent), Schema.Struct({ results: Schema.Array(CardEvent) })]);

/** What a renewal answers: the new pending demand's id and code. */
export const Renewal = Schema.Struct({ id: Id, code: Schema.optionalKey(Schema.String) });
export type Renewal = Schema.Schema.Type<typeof Renewal>;

/**
 * Bulk renewal: the demands made, and the cards refused with the server's reason, `detail` in its words and `code`
 * for the app to translate (docs/extensions.md; a backend without it, or a code the app does not know, is shown
 * in its words).
 */
export const BulkRenewal = Schema.Struct({
  created: Schema.Array(Schema.Struct({ card: Id, demand: Id, code: Schema.optionalKey(Schema.String) })),
  refused: Schema.Array(Schema.Struct({ card: Id, detail: Schema.String, code: Schema.optionalKey(Schema.String) })),
});
export type BulkRenewal = Schema.Schema.Type<typeof BulkRenewal>;

/**
 * One day of one agent in the agents' activity; a count the answer leaves out is 0. With extension `digital-card`, a
 * day's digital cards opened by their holders come in a row of their own, with no agent (`agent: null`).
 */
const count = Schema.optionalKey(Schema.Number);
export const ActivityRow = Schema.Struct({
  day: Schema.String,
  agent: Schema.NullOr(Validator),
  validated: count,
  printed: count,
  suspended: count,
  reactivated: count,
  replaced: count,
  /** Expired cards renewed (a demand made for each). */
  renewed: count,
  /** Demands rejected, and demands sent back to the applicant for a correction (extension `reject`). */
  rejected: count,
  correction: count,
  /** Extension `digital-card`: digital cards first opened that day (in the row without agent). */
  digital: count,
});
export type ActivityRow = Schema.Schema.Type<typeof ActivityRow>;
export const AgentActivity = Schema.Union([
  Schema.Array(ActivityRow),
  Schema.Struct({ results: Schema.Array(ActivityRow) }),
]);

/**
 * One item behind a count of the activity (`GET /base/api/v1/cards/activity/items/`): the card or demand the agent
 * acted on, its kind, what identifies it in the lists, and when. `kind` and `item` are kept as text: an item of a
 * kind or type the app does not know is shown without a link.
 */
export const ActivityItem = Schema.Struct({
  kind: Schema.String,
  item: Schema.String,
  id: Id,
  code: Schema.String,
  register: Schema.optionalKey(Schema.NullOr(Schema.String)),
  name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  at: DateTime,
});
export type ActivityItem = Schema.Schema.Type<typeof ActivityItem>;
export const ActivityItems = Schema.Union([
  Schema.Array(ActivityItem),
  Schema.Struct({ results: Schema.Array(ActivityItem), next: Schema.optionalKey(Schema.NullOr(Schema.String)) }),
]);

/** Bodies sent, exactly (strict in what we send). */
export interface SuspendBody {
  readonly reason: SuspendReason;
  readonly note: string;
  /** The holder reported it at the counter (else the office acted on its own). */
  readonly reported_by_holder: boolean;
}
export interface ReactivateBody {
  readonly note: string;
}
export interface ReplaceBody {
  /** In the currency's unit (FCFA). */
  readonly fee_amount: number;
  readonly payment_reference: string;
  readonly note: string;
}
