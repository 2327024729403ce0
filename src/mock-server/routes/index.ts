import { kindIds, type KindId } from "../../api/kind-ids";
import { kinds, type AnyKind } from "../../kinds";
import type { RouteDef } from "../http";
import { authRoutes } from "./auth";
import { cardRoutes } from "./cards";
import { checkRoutes } from "./check";
import { correctionRoutes } from "./correction";
import { demandRoutes } from "./demands";
import { digitalCardRoutes } from "./digital-card";
import { activityRoutes, lifecycleRoutes } from "./lifecycle";
import { exportAllRoutes, kindExportRoutes } from "./exports";
import { referenceRoutes } from "./reference";
import { rejectRoutes } from "./reject";
import { signedQrRoutes } from "./signed-qr";
import { statsRoutes } from "./stats";
import { trackRoutes } from "./track";
import { userRoutes } from "./users";

/** Routes that read the records of these kinds. */
const needing = (needs: readonly KindId[], routes: readonly RouteDef[]): RouteDef[] =>
  routes.map((route) => ({ ...route, needs }));

/**
 * Every endpoint of docs/spec.md §7 and of the extensions (docs/extensions.md): shared ones once, and the same kind
 * routes built from each kind descriptor.
 */
export const allRoutes = (): RouteDef[] => [
  ...authRoutes,
  ...userRoutes,
  ...needing(kindIds, statsRoutes),
  ...referenceRoutes,
  ...needing(kindIds, exportAllRoutes),
  ...needing(kindIds, activityRoutes),
  ...(Object.values(kinds) as AnyKind[]).flatMap((kind) =>
    needing(
      [kind.id],
      [
        ...trackRoutes(kind),
        ...correctionRoutes(kind),
        ...demandRoutes(kind),
        ...rejectRoutes(kind),
        ...cardRoutes(kind),
        ...kindExportRoutes(kind),
        ...checkRoutes(kind),
        ...lifecycleRoutes(kind),
        ...signedQrRoutes(kind),
        ...digitalCardRoutes(kind),
      ],
    ),
  ),
];
