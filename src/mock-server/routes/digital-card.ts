import type { AnyKind } from "../../kinds";
import { digitalCardJson } from "../digital-card";
import { badRequest, bodyFields, json, notFound, REQUIRED, type RouteDef } from "../http";

/** Longest field read: anything longer matches nothing and is refused before any lookup. */
const MAX_LENGTH = 40;
/** One answer for every mismatch (code, registration number, birth date, no card yet): the call is no oracle. */
const NOT_FOUND = "No card matches these details.";

const same = (a: string, b: unknown) => typeof b === "string" && a.toUpperCase() === b.trim().toUpperCase();

/**
 * Extension `digital-card` (docs/extensions.md): public, the holder's card for the phone from the request's code, the
 * registration number and the birth date (the second factor: the code and the number are on the receipt).
 */
export const digitalCardRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "post",
    path: kind.paths.digitalCard,
    auth: false,
    handle: async (req, ctx) => {
      const fields = bodyFields(req);
      const given = {
        code: (fields.code ?? "").trim(),
        register: (fields.register ?? "").trim(),
        birth_at: (fields.birth_at ?? "").trim(),
      };
      const errors: Record<string, string[]> = {};
      for (const [name, value] of Object.entries(given)) {
        if (value === "") errors[name] = [REQUIRED];
        else if (value.length > MAX_LENGTH)
          errors[name] = [`Ensure this field has no more than ${MAX_LENGTH} characters.`];
      }
      if (Object.keys(errors).length > 0) badRequest(errors);
      const demand = ctx.db
        .demands(kind.id)
        .find(
          (d) =>
            same(given.code, d.code) && same(given.register, d.fields.register) && d.fields.birth_at === given.birth_at,
        );
      const card = demand?.validated ? ctx.db.cardOfDemand(demand.id) : undefined;
      return json(await digitalCardJson(ctx.db, kind, card ?? notFound(NOT_FOUND), ctx.siteOrigin));
    },
  },
];
