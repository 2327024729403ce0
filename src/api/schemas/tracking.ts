import { Schema } from "effect";
import { DateTime } from "./common";

/**
 * Extensions `reject` and `track` (docs/extensions.md). Read tolerantly: a reason or state this app does not know is
 * kept as the server wrote it and shown in general words, never a decode failure.
 */

/** What an agent asks of the applicant: a refusal, or a correction before the demand can be validated. */
export const rejectionStatuses = ["rejected", "correction"] as const;
export type RejectionStatus = (typeof rejectionStatuses)[number];

/** The short list of reasons an agent chooses from (free text may add to any, and "other" needs it). */
export const rejectionReasons = ["photo", "register", "payment", "identity", "duplicate", "other"] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

/** Longest comment kept with a rejection (docs/extensions.md). */
export const MAX_REJECTION_COMMENT = 500;

/** A demand's rejection as a read demand carries it (absent or null: none). */
export const Rejection = Schema.Struct({
  status: Schema.String,
  reason: Schema.String,
  comment: Schema.optionalKey(Schema.NullOr(Schema.String)),
  at: Schema.optionalKey(Schema.NullOr(DateTime)),
  /** Extension `correction`: the fields the agent asks the applicant to correct (server names). */
  fields: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
});
export type Rejection = Schema.Schema.Type<typeof Rejection>;

/** What the reject call sends. */
export interface RejectionBody {
  readonly status: RejectionStatus;
  readonly reason: RejectionReason;
  readonly comment: string;
  /** Extension `correction`: with `correction`, the fields the applicant may correct online; sent only when named. */
  readonly fields?: readonly string[];
}

/** Longest note an applicant sends the office about a mistake in a sent request (docs/extensions.md). */
export const MAX_MISTAKE_NOTE = 500;

/** Extension `correction`: what the applicant last corrected online, as a read demand carries it (absent: nothing). */
export const Corrected = Schema.Struct({
  fields: Schema.Array(Schema.String),
  at: Schema.optionalKey(Schema.NullOr(DateTime)),
});
export type Corrected = Schema.Schema.Type<typeof Corrected>;

/** Extension `correction`: a note an applicant sent the office about a mistake in the request. */
export const MistakeNote = Schema.Struct({
  message: Schema.String,
  at: Schema.optionalKey(Schema.NullOr(DateTime)),
});
export type MistakeNote = Schema.Schema.Type<typeof MistakeNote>;

/** The states a tracked request may be in, in the order a request goes through them. */
export const trackStates = ["received", "rejected", "correction", "validated", "printed"] as const;

/** A request's state as the public tracking call answers it: nothing about the person, only the request. */
export const Tracked = Schema.Struct({
  code: Schema.String,
  state: Schema.String,
  reason: Schema.optionalKey(Schema.NullOr(Schema.String)),
  comment: Schema.optionalKey(Schema.NullOr(Schema.String)),
  updated_at: Schema.optionalKey(Schema.NullOr(DateTime)),
  /** Extension `correction`: with `correction`, the fields the applicant may correct online. */
  fields: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
});
export type Tracked = Schema.Schema.Type<typeof Tracked>;
