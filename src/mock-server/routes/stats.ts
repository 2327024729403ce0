import { paths } from "../../api/paths";
import type { Stats } from "../../api/schemas";
import { kinds, type AnyKind } from "../../kinds";
import { json, type RouteDef } from "../http";
import { lifecycleStats } from "../lifecycle";

/**
 * Dashboard counts (docs/spec.md §3): pending demands overall and per kind, valid cards, agents; and the lifecycle
 * extension's suspended and soon-expiring cards (docs/extensions.md), which a client without it ignores.
 */
export const statsRoutes: RouteDef[] = [
  {
    method: "get",
    path: paths.stats,
    auth: true,
    handle: (_req, { db }) => {
      const all = Object.values(kinds) as AnyKind[];
      const pending = (kind: AnyKind) => db.demands(kind.id).filter((d) => !d.validated).length;
      const perKind = Object.fromEntries(all.map((k) => [k.statsKey, pending(k)])) as Pick<Stats, AnyKind["statsKey"]>;
      const stats: Stats = {
        ...perKind,
        total_demands: all.reduce((sum, k) => sum + perKind[k.statsKey], 0),
        active_cards: all.reduce((sum, k) => sum + db.cards(k.id).filter((c) => c.valid).length, 0),
        agents: db.countGroup("Agent"),
        ...lifecycleStats(db),
      };
      return json(stats);
    },
  },
];
