import { kinds, type AnyKind } from "../../kinds";
import type { RouteDef } from "../http";
import { authRoutes } from "./auth";
import { cardRoutes } from "./cards";
import { checkRoutes } from "./check";
import { demandRoutes } from "./demands";
import { exportAllRoutes, kindExportRoutes } from "./exports";
import { referenceRoutes } from "./reference";
import { statsRoutes } from "./stats";
import { userRoutes } from "./users";

/** Every endpoint of spec §7: shared ones once, and the same kind routes built from each kind descriptor. */
export const allRoutes = (): RouteDef[] => [
  ...authRoutes,
  ...userRoutes,
  ...statsRoutes,
  ...referenceRoutes,
  ...exportAllRoutes,
  ...(Object.values(kinds) as AnyKind[]).flatMap((kind) => [
    ...demandRoutes(kind),
    ...cardRoutes(kind),
    ...kindExportRoutes(kind),
    ...checkRoutes(kind),
  ]),
];
