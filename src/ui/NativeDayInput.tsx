import { useId } from "react";
import { cx, nativeFocusRing } from "./classes";

export interface NativeDayInputProps {
  readonly label: string;
  /** YYYY-MM-DD, "" when empty. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly min?: string;
  readonly max?: string;
  readonly className?: string;
}

/**
 * The platform's own date picker (<input type="date">), for choosing a day in a list filter: a calendar on a
 * phone and on a desktop. Forms that ask for a known date (a birth date) use NativeDateField's three boxes.
 */
export function NativeDayInput({ label, value, onChange, min, max, className }: NativeDayInputProps) {
  const id = useId();
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        className={cx(
          "min-h-10 max-sm:min-h-11 w-full rounded-lg border border-border-strong bg-surface px-3 py-2 text-sm text-fg tabular-nums hover:bg-surface-2",
          nativeFocusRing,
        )}
      />
    </div>
  );
}
