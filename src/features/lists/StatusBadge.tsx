import type { ReactNode } from "react";
import { cx } from "../../ui/utils";

/** A status shown with words and an icon, never by colour alone. */
export function StatusBadge({
  tone,
  children,
}: {
  tone: "success" | "warning" | "danger" | "neutral";
  children: ReactNode;
}) {
  const styles = {
    success: "border-success-fg/40 bg-success-bg text-success-fg",
    warning: "border-warning-fg/40 bg-warning-bg text-warning-fg",
    danger: "border-error-fg/40 bg-error-bg text-error-fg",
    neutral: "border-border-strong bg-surface-2 text-fg",
  }[tone];
  const path = {
    success: "M4 8.5l2.5 2.5L12 5.5",
    warning: "M8 4.5V8l2.5 1.5",
    danger: "M5 5l6 6M11 5l-6 6",
    neutral: "M4.5 8h7",
  }[tone];
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        styles,
      )}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0">
        {tone === "warning" && <circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />}
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {children}
    </span>
  );
}
