import { useId } from "react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../i18n/format";
import type { Stats } from "../../api";
import { kindIds, type KindId } from "../../api/kind-ids";
import { kinds } from "../../kinds";
import { Card } from "../../ui/Card";

export interface PendingChartProps {
  /** null while loading: skeleton bars. */
  readonly stats: Stats | null;
}

/** Width of a bar in percent of the largest one; a non-zero count is never invisible. */
export const barWidth = (value: number, max: number): number => {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 1000) / 10);
};

export const pendingByKind = (stats: Stats): ReadonlyArray<{ kind: KindId; count: number }> =>
  kindIds.map((kind) => ({ kind, count: stats[kinds[kind].statsKey] }));

/**
 * Pending requests per kind as a horizontal bar chart. It is a real table (row header = kind, cell = count)
 * drawn as bars, so the text alternative is the chart itself: screen readers read a two-column table, the bars
 * are decorative.
 */
export const PendingChart = ({ stats }: PendingChartProps) => {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = numberFormat(i18n.resolvedLanguage ?? i18n.language);
  const rows = stats === null ? null : pendingByKind(stats);
  const max = rows === null ? 0 : Math.max(0, ...rows.map((row) => row.count));

  return (
    <Card>
      <section aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold text-fg">
            {t("dashboard:chart.title")}
          </h2>
          <p className="text-sm text-fg-muted">{t("dashboard:chart.description")}</p>
        </div>
        <table
          className="w-full border-separate border-spacing-y-2"
          aria-labelledby={titleId}
          aria-busy={rows === null}
        >
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("dashboard:chart.kind")}</th>
              <th scope="col">{t("dashboard:chart.count")}</th>
            </tr>
          </thead>
          <tbody>
            {kindIds.map((kind) => {
              const count = rows?.find((row) => row.kind === kind)?.count ?? null;
              return (
                <tr key={kind}>
                  <th scope="row" className="w-28 pe-3 text-start text-sm font-medium text-fg sm:w-32">
                    {t(`dashboard:kinds.${kind}`)}
                  </th>
                  <td className="p-0">
                    <div className="flex items-center gap-3">
                      <div aria-hidden="true" className="h-7 flex-1 overflow-hidden rounded-md bg-surface-2">
                        {count === null ? (
                          <div className="h-full w-1/2 animate-pulse rounded-md bg-surface-3" />
                        ) : (
                          <div
                            className="h-full rounded-md bg-primary forced-colors:bg-[Highlight]"
                            style={{ width: `${barWidth(count, max)}%` }}
                            data-testid={`bar-${kind}`}
                          />
                        )}
                      </div>
                      <span className="w-12 text-end text-sm font-semibold tabular-nums text-fg">
                        {count === null ? "" : number.format(count)}
                      </span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows !== null && max === 0 && <p className="text-sm text-fg-muted">{t("dashboard:chart.none")}</p>}
      </section>
    </Card>
  );
};
