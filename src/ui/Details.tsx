import type { ReactNode } from "react";
import { cx, nativeFocusRing } from "./classes";

export interface DetailsProps {
  readonly summary: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}

/**
 * A disclosure built on the platform's <details>/<summary>: keyboard and screen-reader support come with the
 * element, no script needed (the landing page's FAQ uses it to stay light).
 */
export function Details({ summary, children, className }: DetailsProps) {
  return (
    <details className={cx("group border-b border-border", className)}>
      <summary
        className={cx(
          "flex w-full cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-start text-base font-medium text-fg hover:bg-surface-2 [&::-webkit-details-marker]:hidden",
          nativeFocusRing,
          "focus-visible:-outline-offset-2",
        )}
      >
        <span>{summary}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-4 shrink-0 text-fg-muted transition-transform group-open:rotate-180 motion-reduce:transition-none"
        >
          <path
            d="M4 6l4 4 4-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </summary>
      <div className="px-4 pb-4 text-sm text-fg-muted">{children}</div>
    </details>
  );
}
