import { useTranslation } from "react-i18next";
import { numberFormat } from "../../i18n/format";
import type { Stats } from "../../api";
import { kindIds, type KindId } from "../../api/kind-ids";
import { kinds } from "../../kinds";
import { Link } from "../../ui/Link";
import { cx } from "../../ui/utils";
import { useCapability } from "../../app/runtime-context";

interface TileDef {
  readonly key: keyof Stats;
  readonly labelKey: string;
  /** Where the tile leads (a kind's demand list, the agents page), if anywhere. */
  readonly href?: string;
  readonly linkKey?: string;
  readonly emphasis?: boolean;
  /** A count of the `lifecycle` extension: shown with the capability, when the answer carries it. */
  readonly lifecycle?: boolean;
}

const pendingTile = (kind: KindId): TileDef => ({
  key: kinds[kind].statsKey,
  labelKey: `dashboard:stats.pending.${kind}`,
  href: `/dashboard/${kind}/demand`,
  linkKey: "dashboard:stats.viewDemands",
});

/**
 * The counts of docs/spec.md §2 "Dashboard home", in reading order: agents, pending requests, active cards, then each
 * kind's pending requests. The agents tile has no link: the side menu's "Agents" entry is the one way there (and
 * admins only see it).
 */
export const tileDefs: readonly TileDef[] = [
  { key: "agents", labelKey: "dashboard:stats.agents" },
  { key: "total_demands", labelKey: "dashboard:stats.totalPending", emphasis: true },
  { key: "active_cards", labelKey: "dashboard:stats.activeCards", emphasis: true },
  ...kindIds.map(pendingTile),
  { key: "suspended_cards", labelKey: "dashboard:stats.suspendedCards", lifecycle: true },
  { key: "expiring_cards", labelKey: "dashboard:stats.expiringCards", lifecycle: true },
];

export interface StatTilesProps {
  /** null while the first answer is awaited: the tiles show skeletons. */
  readonly stats: Stats | null;
}

const tileClasses = "flex h-full min-h-28 flex-col gap-1 rounded-xl border p-4 text-fg shadow-xs";

/** Stat tiles: a label and a count each; the pending tiles lead to that kind's demand list. */
export const StatTiles = ({ stats }: StatTilesProps) => {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.resolvedLanguage ?? i18n.language);
  const lifecycleOn = useCapability("lifecycle");
  const shown = tileDefs.filter(
    (tile) => !tile.lifecycle || (lifecycleOn && (stats === null || typeof stats[tile.key] === "number")),
  );

  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {shown.map((tile) => {
        const value =
          stats === null ? (
            <span aria-hidden="true" className="mt-1 block h-9 w-20 animate-pulse rounded-md bg-surface-3" />
          ) : (
            <span className="text-3xl font-semibold tabular-nums text-fg" data-testid={`stat-${tile.key}`}>
              {number.format(stats[tile.key] ?? 0)}
            </span>
          );
        const label = <span className="text-sm font-medium text-fg-muted">{t(tile.labelKey)}</span>;
        return (
          <li key={tile.key}>
            {tile.href ? (
              // A card-sized link: no text style of its own (a text link would underline the whole tile).
              <Link
                variant="block"
                href={tile.href}
                className={cx(
                  tileClasses,
                  "cursor-pointer border-border bg-surface no-underline transition-colors hover:border-primary hover:bg-surface-2",
                )}
              >
                {label}
                {value}
                {tile.linkKey && (
                  <span
                    aria-hidden="true"
                    className="mt-auto text-sm font-medium text-link underline underline-offset-2"
                  >
                    {t(tile.linkKey)} →
                  </span>
                )}
              </Link>
            ) : (
              <div
                className={cx(
                  tileClasses,
                  tile.emphasis ? "border-primary/40 bg-primary-soft" : "border-border bg-surface",
                )}
              >
                {label}
                {value}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
};
