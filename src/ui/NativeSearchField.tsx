import { useId, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { cx, nativeFocusRing } from "./classes";

export interface NativeSearchFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Enter in the field. */
  readonly onSubmit?: (value: string) => void;
  /** The clear button, or Escape in a field that holds text. */
  readonly onClear?: () => void;
  readonly placeholder?: string;
  readonly className?: string;
}

/**
 * A search box on the platform's own <input type="search">: Enter submits, Escape clears (then, empty, lets the
 * key through, e.g. to close a drawer), a clear button for pointers (keyboard users have Escape, as with
 * react-aria's). No react-aria: react-aria's field settles its label and description slots in a layout effect,
 * a second render of the list screen inside the task that first shows it — too long a task on a phone.
 */
export function NativeSearchField({
  label,
  value,
  onChange,
  onSubmit,
  onClear,
  placeholder,
  className,
}: NativeSearchFieldProps) {
  const { t } = useTranslation("common");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    onChange("");
    onClear?.();
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      onSubmit?.(event.currentTarget.value);
    } else if (event.key === "Escape" && event.currentTarget.value !== "") {
      event.preventDefault();
      event.stopPropagation();
      clear();
    }
  };
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="w-fit text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative flex items-center">
        <svg
          viewBox="0 0 16 16"
          aria-hidden="true"
          className="pointer-events-none absolute start-3 size-4 text-fg-muted"
        >
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={keyDown}
          className="w-full min-h-10 max-sm:min-h-11 rounded-lg border border-border-strong bg-surface ps-9 pe-10 py-2 text-base sm:text-sm text-fg placeholder:text-placeholder outline-none focus:border-focus focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-focus focus-visible:outline-offset-1 [&::-webkit-search-cancel-button]:hidden"
        />
        {value !== "" && (
          <button
            type="button"
            tabIndex={-1}
            aria-label={t("actions.clear")}
            onClick={() => {
              clear();
              input.current?.focus();
            }}
            className={cx(
              "absolute end-1 flex size-8 items-center justify-center rounded-md text-fg-muted cursor-pointer hover:bg-surface-2",
              nativeFocusRing,
            )}
          >
            <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}
