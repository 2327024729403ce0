import type { AnyKind } from "../../kinds";
import { json, type RouteDef } from "../http";
import { demoJwks, demoRevocationList } from "../signed-qr";

/** Extension `signed-qr` (docs/extensions.md): public, like the check they serve (no bearer token). */
export const signedQrRoutes = (kind: AnyKind): RouteDef[] => [
  {
    method: "get",
    path: kind.paths.signedQrKeys,
    auth: false,
    handle: async (_req, { db }) => json(await demoJwks(db)),
  },
  {
    method: "get",
    path: kind.paths.signedQrRevocations,
    auth: false,
    handle: async (_req, { db }) => json(await demoRevocationList(db, kind)),
  },
];
