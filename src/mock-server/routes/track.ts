import type { AnyKind } from "../../kinds";
import { badRequest, bodyFields, json, notFound, REQUIRED, throttle, type RouteDef } from "../http";
import type { DemoDb } from "../db";
import type { DemandRecord } from "../models";

/** Longest code or registration number read: anything longer matches nothing and is refused before any lookup. */
const MAX_LENGTH = 40;
const NOT_FOUND = "No request matches this code and registration number.";

const same = (a: string, b: unknown) => typeof b === "string" && a.toUpperCase() === b.trim().toUpperCase();

/** The request's state, and only that: never a name, a photo or any other field of the person. */
export const stateOf = (db: DemoDb, d: DemandRecord) => {
  if (d.validated) {
    const card = db.cardOfDemand(d.id);
    const printed = card !== undefined && card.print_count > 0;
    return { code: d.code, state: printed ? "printed" : "validated", updated_at: card?.update_at ?? d.update_at };
  }
  if (d.rejection) {
    const { status, reason, comment, at, fields } = d.rejection;
    return { code: d.code, state: status, reason, comment, updated_at: at, ...(fields ? { fields } : {}) };
  }
  return { code: d.code, state: "received", updated_at: d.insert_at };
};

/**
 * The demand a public call names by its code and registration number, or DRF's 404 (the same for any mismatch);
 * 429 once `client` or the registration number has guessed wrong too often.
 */
export const demandByCode = (
  db: DemoDb,
  kind: AnyKind,
  fields: Readonly<Record<string, string>>,
  client: string,
): DemandRecord => {
  const code = (fields.code ?? "").trim();
  const register = (fields.register ?? "").trim();
  const errors: Record<string, string[]> = {};
  for (const [name, value] of [
    ["code", code],
    ["register", register],
  ] as const) {
    if (value === "") errors[name] = [REQUIRED];
    else if (value.length > MAX_LENGTH) {
      errors[name] = [`Ensure this field has no more than ${MAX_LENGTH} characters.`];
    }
  }
  if (Object.keys(errors).length > 0) badRequest(errors);
  // Wrong guesses are held up per address and per registration number: codes cannot be harvested.
  const wait = db.guards.probeWait(client, register);
  if (wait > 0) throttle(wait);
  const demand = db.demands(kind.id).find((d) => same(code, d.code) && same(register, d.fields.register));
  if (!demand) {
    db.guards.noteProbe(client, register);
    return notFound(NOT_FOUND);
  }
  return demand;
};

/**
 * Extension `track` (docs/extensions.md): public, a request's state from its code and the applicant's registration
 * number. Both must match the same demand; any mismatch is the same 404, so the answer never tells which was wrong.
 */
export const trackRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "post",
    path: kind.paths.track,
    auth: false,
    handle: (req, ctx) => json(stateOf(ctx.db, demandByCode(ctx.db, kind, bodyFields(req), req.client ?? ""))),
  },
];
