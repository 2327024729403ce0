import { ProgressBar as RACProgressBar, type ProgressBarProps as RACProgressBarProps } from "react-aria-components";
import { Label } from "./Field";
import { composeTailwindRenderProps, cx } from "./utils";

export interface ProgressBarProps extends RACProgressBarProps {
  label?: string;
}

/** Determinate or indeterminate (`isIndeterminate`) progress. Needs `label` or `aria-label`. */
export function ProgressBar({ label, ...props }: ProgressBarProps) {
  return (
    <RACProgressBar {...props} className={composeTailwindRenderProps(props.className, "flex flex-col gap-1.5")}>
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          {label && (
            <div className="flex justify-between gap-2 text-sm">
              <Label>{label}</Label>
              {!isIndeterminate && <span className="text-fg-muted">{valueText}</span>}
            </div>
          )}
          <div className="relative h-2 overflow-hidden rounded-full bg-surface-3 outline outline-1 outline-transparent">
            <div
              className={cx(
                "absolute top-0 h-full rounded-full bg-primary forced-colors:bg-[Highlight]",
                isIndeterminate ? "start-0 w-1/3 animate-pulse" : "start-0",
              )}
              style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </RACProgressBar>
  );
}
