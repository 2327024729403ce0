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

/** What else a lookup asks beyond the code and the registration number (the digital card's birth date). */
export interface LookupOptions {
  /** Fields of the demand that must be given and match too. */
  readonly also?: readonly string[];
  /** The 404's text. */
  readonly notFound?: string;
}

/**
 * The demand a public call names by its code and registration number (and `also`), or DRF's 404 (the same for any
 * mismatch); 429 once `client` or the registration number has guessed wrong too often.
 */
export const demandByCode = (
  db: DemoDb,
  kind: AnyKind,
  fields: Readonly<Record<string, string>>,
  client: string,
  options: LookupOptions = {},
): DemandRecord => {
  const given = Object.fromEntries(
    ["code", "register", ...(options.also ?? [])].map((name) => [name, (fields[name] ?? "").trim()]),
  );
  const errors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === "") errors[name] = [REQUIRED];
    else if (value.length > MAX_LENGTH) {
      errors[name] = [`Ensure this field has no more than ${MAX_LENGTH} characters.`];
    }
  }
  if (Object.keys(errors).length > 0) badRequest(errors);
  const register = given.register ?? "";
  // Wrong guesses are held up per address and per registration number: codes and birth dates cannot be harvested.
  const wait = db.guards.probeWait(client, register);
  if (wait > 0) throttle(wait);
  const demand = db
    .demands(kind.id)
    .find((d) =>
      Object.entries(given).every(([name, value]) => same(value, name === "code" ? d.code : d.fields[name])),
    );
  if (!demand) {
    db.guards.noteProbe(client, register);
    return notFound(options.notFound ?? NOT_FOUND);
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
