import type { AnyKind } from "../../kinds";
import { digitalCardJson } from "../digital-card";
import { bodyFields, json, notFound, type RouteDef } from "../http";
import { demandByCode } from "./track";

/** One answer for every mismatch (code, registration number, birth date, no card yet): the call is no oracle. */
const NOT_FOUND = "No card matches these details.";

/**
 * Extension `digital-card` (docs/extensions.md): public, the holder's card for the phone from the request's code, the
 * registration number and the birth date (the second factor: the code and the number are on the receipt). Wrong
 * guesses are held up as on `/track`, per address and per registration number, so birth dates cannot be tried out.
 */
export const digitalCardRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "post",
    path: kind.paths.digitalCard,
    auth: false,
    handle: async (req, ctx) => {
      const demand = demandByCode(ctx.db, kind, bodyFields(req), req.client ?? "", {
        also: ["birth_at"],
        notFound: NOT_FOUND,
      });
      const card = demand.validated ? ctx.db.cardOfDemand(demand.id) : undefined;
      return json(await digitalCardJson(ctx.db, kind, card ?? notFound(NOT_FOUND), ctx.siteOrigin));
    },
  },
];
