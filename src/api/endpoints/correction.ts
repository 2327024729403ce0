import { Schema } from "effect";
import type { AnyKind } from "../../kinds";
import { Tracked } from "../schemas";
import { DateTime } from "../schemas/common";
import { requestByCode } from "./track";

/** What the report call answers: the request's code and when the note was kept. */
const Reported = Schema.Struct({ code: Schema.String, at: Schema.optionalKey(Schema.NullOr(DateTime)) });
export type Reported = Schema.Schema.Type<typeof Reported>;

/**
 * Extension `correction` (docs/extensions.md): the applicant sends new values for the fields an agent named when
 * asking for a correction, with the request's code and registration number, without signing in. Only those fields
 * are sent, under their server names; the answer is the request's state (back to `received`).
 */
export const correctDemand = <K extends AnyKind>(
  kind: K,
  code: string,
  register: string,
  values: Readonly<Record<string, string | number | null>>,
) =>
  requestByCode(
    {
      operation: "correctDemand",
      method: "post",
      url: kind.paths.correct,
      body: { json: { code: code.trim(), register: register.trim(), values: { ...values } } },
      extension: "correction",
    },
    Tracked,
  );

/** Extension `correction`: a note to the office about a mistake in a sent request ("Signaler une erreur"). */
export const reportMistake = <K extends AnyKind>(kind: K, code: string, register: string, message: string) =>
  requestByCode(
    {
      operation: "reportMistake",
      method: "post",
      url: kind.paths.report,
      body: { json: { code: code.trim(), register: register.trim(), message: message.trim() } },
      extension: "correction",
    },
    Reported,
  );
