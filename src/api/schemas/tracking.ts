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
});
export type Rejection = Schema.Schema.Type<typeof Rejection>;

/** What the reject call sends. */
export interface RejectionBody {
  readonly status: RejectionStatus;
  readonly reason: RejectionReason;
  readonly comment: string;
}

/** The states a tracked request may be in, in the order a request goes through them. */
export const trackStates = ["received", "rejected", "correction", "validated", "printed"] as const;

/** A request's state as the public tracking call answers it: nothing about the person, only the request. */
export const Tracked = Schema.Struct({
  code: Schema.String,
  state: Schema.String,
  reason: Schema.optionalKey(Schema.NullOr(Schema.String)),
  comment: Schema.optionalKey(Schema.NullOr(Schema.String)),
  updated_at: Schema.optionalKey(Schema.NullOr(DateTime)),
});
export type Tracked = Schema.Schema.Type<typeof Tracked>;
