import { cx } from "./classes";

export interface SpinnerProps {
  /** Accessible label; omit when the spinner is decorative (e.g. inside a pending Button). */
  label?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}

const sizes = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

/** A rotating ring. With a label it is a `role="status"` region; without one it is hidden from assistive tech. */
export function Spinner({ label, size = "md", className }: SpinnerProps) {
  const svg = (
    <svg
      className={cx("animate-cc-spin shrink-0", sizes[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
