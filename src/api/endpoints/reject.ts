import { Schema } from "effect";
import type { AnyKind } from "../../kinds";
import { request } from "../request";
import { Id, Rejection, type RejectionBody } from "../schemas";

/** What the reject call answers: the demand's id and its rejection as now stored. */
const Rejected = Schema.Struct({ id: Id, rejection: Rejection });
export type Rejected = Schema.Schema.Type<typeof Rejected>;

/**
 * Extension `reject` (docs/extensions.md): an agent rejects a demand or asks for a correction, with a reason from the
 * short list and free text. The backend keeps it, shows it on the demand and tells the applicant by e-mail.
 */
export const rejectDemand = <K extends AnyKind>(kind: K, id: string, body: RejectionBody) =>
  request(
    {
      operation: "rejectDemand",
      method: "post",
      url: kind.paths.reject(id),
      body: {
        json: {
          status: body.status,
          reason: body.reason,
          comment: body.comment.trim(),
          // Extension `correction`: only when the agent named fields, so the reject call alone stays as it was.
          ...(body.fields !== undefined && body.fields.length > 0 ? { fields: [...body.fields] } : {}),
        },
      },
      extension: "reject",
    },
    Rejected,
  );
