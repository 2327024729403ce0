import type { AnyKind } from "../../kinds";
import { badRequest, bodyFields, json, notFound, type RouteDef } from "../http";
import { checkJson } from "../serialize";

/** Public card check by the token the QR code carries (docs/spec.md §7: POST <checkcard> {tokenCard}). */
export const checkRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "post",
    path: kind.paths.checkCard,
    auth: false,
    handle: (req, { db }) => {
      const token = (bodyFields(req).tokenCard ?? "").trim();
      if (token === "") badRequest({ tokenCard: ["This field is required."] });
      let decoded = token;
      try {
        decoded = decodeURIComponent(token);
      } catch {
        /* keep the raw token */
      }
      const card = db.cardByToken(kind.id, token) ?? db.cardByToken(kind.id, decoded) ?? notFound("Card not found.");
      return json(checkJson(db, kind, card));
    },
  },
];
