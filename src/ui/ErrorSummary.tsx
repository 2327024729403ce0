import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "./classes";

export interface FieldErrorItem {
  /** id of the invalid control (the `id` passed to TextField, NativeSelect, Checkbox…). */
  fieldId: string;
  message: string;
}

export interface ErrorSummaryProps {
  errors: readonly FieldErrorItem[];
  /** Defaults to validation:summaryTitle ("There is a problem"). */
  title?: string;
  className?: string;
}

const FOCUSABLE = "input, select, textarea, button, [tabindex]:not([tabindex='-1'])";

/** Moves focus to the control named by `id` (or the first focusable element inside it) and scrolls it into view. */
export function focusField(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const focusable = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  const element = focusable ?? target;
  const container = element.closest("label, fieldset, [role='group'], [role='radiogroup']") ?? element;
  container.scrollIntoView?.({ block: "center" });
  element.focus({ preventScroll: true });
}

/**
 * GOV.UK-style error summary: a titled, focusable box listing every invalid field as a link to it. It takes focus
 * whenever it appears or its list of errors changes (pass a new array on each failed submit, memoised otherwise).
 */
export function ErrorSummary({ errors, title, className }: ErrorSummaryProps) {
  const { t } = useTranslation("validation");
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);

  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className={cx(
        "rounded-lg border-2 border-danger-text bg-error-bg p-4 text-error-fg outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-focus focus-visible:outline-offset-2 focus:outline-2 focus:outline-solid focus:outline-focus focus:outline-offset-2",
        className,
      )}
    >
      <h2 id={titleId} className="text-base font-semibold">
        {title ?? t("summaryTitle")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.message}`}>
            <a
              href={`#${error.fieldId}`}
              className="font-medium underline underline-offset-2 rounded-xs outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-focus"
              onClick={(event) => {
                event.preventDefault();
                focusField(error.fieldId);
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
