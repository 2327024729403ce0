import { Meter as RACMeter, type MeterProps as RACMeterProps } from "react-aria-components";
import { Label } from "./Field";
import { composeTailwindRenderProps, cx } from "./utils";

export type MeterTone = "danger" | "warning" | "success" | "neutral";

export interface MeterProps extends RACMeterProps {
  label?: string;
  tone?: MeterTone;
}

const tones: Record<MeterTone, string> = {
  danger: "bg-danger",
  warning: "bg-accent",
  success: "bg-primary",
  neutral: "bg-fg-muted",
};

/**
 * A gauge (role="meter"). For password strength: `value` 0–100, `valueLabel` = the strength word
 * ("Faible"/"Moyen"/"Fort") so screen readers read the word, `tone` colours the bar.
 */
export function Meter({ label, tone = "neutral", ...props }: MeterProps) {
  return (
    <RACMeter {...props} className={composeTailwindRenderProps(props.className, "flex flex-col gap-1.5")}>
      {({ percentage, valueText }) => (
        <>
          <div className="flex justify-between gap-2 text-sm">
            {label && <Label>{label}</Label>}
            <span className="text-fg-muted">{valueText}</span>
          </div>
          <div className="relative h-2 overflow-hidden rounded-full bg-surface-3">
            <div
              className={cx("absolute start-0 top-0 h-full rounded-full forced-colors:bg-[Highlight]", tones[tone])}
              style={{ width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </RACMeter>
  );
}
