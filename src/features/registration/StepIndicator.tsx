import { memo } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../ui/classes";

export interface StepIndicatorProps {
  /** Titles of every step, the review included. */
  readonly titles: readonly string[];
  /** Index of the current step. */
  readonly current: number;
  /** Steps before this index were completed. */
  readonly reached: number;
}

/**
 * The ordered list of steps; the current one carries aria-current="step" ("Step x of y" is the step's heading).
 * Titles show from 768 px; narrower, the numbers alone (titles stay for screen readers); on a short phone screen
 * (360 × 640) it collapses out of sight, the step's heading ("Étape 1 sur 4 : …") saying where the applicant is.
 */
export const StepIndicator = memo(function StepIndicator({ titles, current, reached }: StepIndicatorProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("registration:wizard.progress")} className="flex flex-col gap-3 short-phone:sr-only">
      {/* On a phone the numbers alone, on one line: the step's heading below names the current one in full. */}
      <ol className="flex flex-nowrap items-center gap-2 sm:gap-3 md:flex-wrap">
        {titles.map((title, index) => {
          const isCurrent = index === current;
          const done = index < reached && !isCurrent;
          return (
            <li key={title} aria-current={isCurrent ? "step" : undefined} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={cx(
                  "flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold",
                  isCurrent
                    ? "border-primary bg-primary text-on-primary"
                    : done
                      ? "border-primary bg-surface text-fg"
                      : "border-border-strong bg-surface text-fg-muted",
                )}
              >
                {done ? "✓" : index + 1}
              </span>
              <span
                className={cx(
                  "text-sm",
                  isCurrent ? "font-semibold text-fg" : "text-fg-muted",
                  "sr-only md:not-sr-only",
                )}
              >
                {title}
                {done && <span className="sr-only"> ({t("registration:wizard.completed")})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
