import { MAX_MISTAKE_NOTE } from "../../api/schemas/tracking";
import type { AnyKind } from "../../kinds";
import { isoWat } from "../dates";
import { readDemandFields } from "../fields";
import { freeTextErrors } from "../free-text";
import { badRequest, bodyFields, json, REQUIRED, type DemoRequest, type RouteDef } from "../http";
import { EXISTS } from "./demands";
import { demandByCode, stateOf } from "./track";

const NOT_WAITING = "This request is not waiting for a correction.";

/** The `values` object of a JSON body, its numbers as text as the field rules read them; null when not an object. */
const sentValues = (req: DemoRequest): Record<string, string> | null => {
  const body = req.body.type === "json" ? req.body.value : null;
  const values = typeof body === "object" && body !== null && "values" in body ? body.values : null;
  if (typeof values !== "object" || values === null || Array.isArray(values)) return null;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "string" || typeof value === "number" ? String(value) : "",
    ]),
  );
};

/**
 * Extension `correction` (docs/extensions.md), public like tracking: the applicant corrects the fields an agent
 * named when asking for a correction (nothing else), and may send the office a note about a mistake at any time.
 * A correction puts the demand back in the queue (its rejection cleared) and marks what changed for the agent.
 */
export const correctionRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "post",
    path: kind.paths.correct,
    auth: false,
    handle: (req, ctx) => {
      const demand = demandByCode(ctx.db, kind, bodyFields(req), req.client ?? "");
      const named = demand.rejection?.status === "correction" ? (demand.rejection.fields ?? []) : [];
      if (demand.validated || named.length === 0) badRequest({ detail: NOT_WAITING });
      const values = sentValues(req);
      if (values === null || Object.keys(values).length === 0) badRequest({ values: [REQUIRED] });
      const sent = values ?? {};
      const errors: Record<string, string[]> = {};
      for (const name of Object.keys(sent)) {
        if (!named.includes(name)) errors[name] = ["This field was not asked for."];
      }
      const read = readDemandFields(kind, sent, demand.fields);
      for (const [name, problem] of Object.entries(read.errors)) if (name in sent) errors[name] = problem;
      const register = read.values.register;
      const other = typeof register === "string" ? ctx.db.demandByRegister(kind.id, register) : undefined;
      if ("register" in sent && other && other.id !== demand.id) errors.register = [EXISTS];
      if (Object.keys(errors).length > 0) badRequest({ values: errors });
      const at = isoWat(Date.now());
      ctx.db.updateDemand(demand, {
        fields: read.values,
        rejection: undefined,
        corrected: { fields: Object.keys(sent), at },
        update_at: at,
      });
      return json(stateOf(ctx.db, demand));
    },
  },
  {
    method: "post",
    path: kind.paths.report,
    auth: false,
    handle: (req, ctx) => {
      const fields = bodyFields(req);
      const demand = demandByCode(ctx.db, kind, fields, req.client ?? "");
      const message = (fields.message ?? "").trim();
      if (message === "") badRequest({ message: [REQUIRED] });
      const problems = freeTextErrors(message, MAX_MISTAKE_NOTE);
      if (problems) badRequest({ message: problems });
      const at = isoWat(Date.now());
      ctx.db.updateDemand(demand, { notes: [...(demand.notes ?? []), { message, at }] });
      return json({ code: demand.code, at }, 201);
    },
  },
];
