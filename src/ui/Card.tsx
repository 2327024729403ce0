import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useId } from "react";
import { cx } from "./classes";

export interface CardProps extends ComponentPropsWithoutRef<"div"> {
  padded?: boolean;
}

/** A bordered surface. */
export function Card({ className, padded = true, ...props }: CardProps) {
  return (
    <div
      {...props}
      className={cx("rounded-xl border border-border bg-surface text-fg shadow-xs", padded && "p-4 sm:p-6", className)}
    />
  );
}

export interface SectionProps extends Omit<ComponentPropsWithoutRef<"section">, "title"> {
  /** Heading text; the section is labelled by it. */
  title?: ReactNode;
  /** Heading level (default 2). */
  level?: 2 | 3 | 4;
  description?: ReactNode;
  /** Actions shown beside the title (buttons, links). */
  actions?: ReactNode;
  /** The heading, for a screen that moves focus to it (an outcome shown in place): it becomes focusable. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A titled region (`<section aria-labelledby>`), optionally with actions beside the title. */
export function Section({
  title,
  level = 2,
  description,
  actions,
  headingRef,
  className,
  children,
  id,
  ...props
}: SectionProps) {
  const Heading = `h${level}` as const;
  const autoId = useId();
  const headingId = `${id ?? autoId}-title`;
  return (
    <section
      {...props}
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cx("flex flex-col gap-4", className)}
    >
      {(title || actions) && (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            {title && (
              <Heading
                id={headingId}
                ref={headingRef}
                tabIndex={headingRef ? -1 : undefined}
                className={cx("font-semibold text-fg", level === 2 ? "text-xl" : "text-lg")}
              >
                {title}
              </Heading>
            )}
            {description && <p className="text-sm text-fg-muted">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
