import { MAX_REJECTION_COMMENT, rejectionReasons, rejectionStatuses } from "../../api/schemas/tracking";
import type { AnyKind } from "../../kinds";
import { isoWat } from "../dates";
import { correctableNames } from "../../forms/correctable";
import { badRequest, bodyFields, json, notFound, REQUIRED, type DemoRequest, type RouteDef } from "../http";
import type { RejectionRecord } from "../models";
import { freeTextErrors } from "../free-text";
import { idPattern } from "./pattern";
import { isOneOf } from "../../api/one-of";

const choice = <T extends string>(allowed: readonly T[], value: string | undefined): value is T =>
  isOneOf(allowed, value);

/**
 * Extension `correction`: the fields a correction names, each one the applicant may correct online; absent or an
 * empty list names none. A refusal names none.
 */
const namedFields = (
  kind: AnyKind,
  req: DemoRequest,
  status: string | undefined,
  errors: Record<string, string[]>,
): string[] | undefined => {
  const body = req.body.type === "json" ? req.body.value : null;
  const sent = typeof body === "object" && body !== null && "fields" in body ? body.fields : undefined;
  if (sent === undefined || sent === null || (Array.isArray(sent) && sent.length === 0)) return undefined;
  const allowed = correctableNames(kind.form);
  if (!Array.isArray(sent) || !sent.every((name): name is string => typeof name === "string")) {
    errors.fields = ["Expected a list of items."];
  } else if (status !== "correction") {
    errors.fields = ["Only a correction names fields."];
  } else {
    const unknown = sent.find((name) => !allowed.includes(name));
    if (unknown === undefined) return [...new Set(sent)];
    errors.fields = [`"${unknown.slice(0, 40)}" is not a valid choice.`];
  }
  return undefined;
};

/**
 * Extension `reject` (docs/extensions.md): an agent rejects a pending demand or asks for a correction, with a
 * reason from the short list and free text. The demo keeps it on the demand and records the e-mail a real backend
 * sends the applicant instead of sending it.
 */
export const rejectRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "post",
    path: idPattern(kind.paths.reject),
    auth: true,
    handle: (req, ctx) => {
      const demand = ctx.db.demand(kind.id, req.params.id ?? "") ?? notFound();
      const { status, reason, comment: rawComment = "" } = bodyFields(req);
      const comment = rawComment.trim();
      const errors: Record<string, string[]> = {};
      if (!status) errors.status = [REQUIRED];
      else if (!choice(rejectionStatuses, status)) errors.status = [`"${status.slice(0, 40)}" is not a valid choice.`];
      if (!reason) errors.reason = [REQUIRED];
      else if (!choice(rejectionReasons, reason)) errors.reason = [`"${reason.slice(0, 40)}" is not a valid choice.`];
      if (reason === "other" && comment === "") errors.comment = [REQUIRED];
      const commentErrors = freeTextErrors(comment, MAX_REJECTION_COMMENT);
      if (commentErrors) errors.comment = commentErrors;
      const fields = namedFields(kind, req, status, errors);
      if (Object.keys(errors).length > 0) badRequest(errors);
      if (demand.validated) badRequest({ detail: "This demand is already validated." });
      const email = demand.fields.email;
      const rejection: RejectionRecord = {
        status: status === "correction" ? "correction" : "rejected",
        reason: reason ?? "other",
        comment,
        at: isoWat(Date.now()),
        emailedTo: typeof email === "string" && email !== "" ? email : null,
        byId: ctx.user?.id ?? null,
        ...(fields ? { fields } : {}),
      };
      ctx.db.updateDemand(demand, { rejection, update_at: rejection.at });
      const { emailedTo: _inside, byId: _agent, ...shown } = rejection;
      return json({ id: demand.id, rejection: shown });
    },
  },
];
