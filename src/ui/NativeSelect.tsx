import { useId, type ChangeEvent } from "react";
import { cx, nativeFocusRing } from "./classes";
import { SelectChevron } from "./NativeFieldParts";

export interface NativeSelectOption<V extends string> {
  readonly value: V;
  readonly label: string;
  /** Language of the label, so screen readers pronounce it right (e.g. "English" on a French page). */
  readonly lang?: string;
}

export interface NativeSelectProps<V extends string> {
  readonly label: string;
  /** The control's name (the static landing page finds its pickers by it: src/entry/static-page.ts). */
  readonly name?: string;
  /** Keep the label for assistive technology only (the header pickers, whose value says what they are). */
  readonly hideLabel?: boolean;
  readonly value: V;
  readonly options: readonly NativeSelectOption<V>[];
  readonly onChange: (value: V) => void;
  readonly className?: string;
}

/**
 * The platform's own <select>: fully keyboard and screen-reader accessible, native on phones, and free of
 * react-aria, so it can sit in every page header (the landing page's first load included).
 */
export function NativeSelect<V extends string>({
  label,
  name,
  hideLabel,
  value,
  options,
  onChange,
  className,
}: NativeSelectProps<V>) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = options.find((option) => option.value === event.target.value);
    if (next) onChange(next.value);
  };
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label id={`${id}-label`} htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium text-fg"}>
        {label}
      </label>
      <div className="relative">
        {/* Named by its label twice over: a visually hidden label (hideLabel) is no label to every checker. */}
        <select
          id={id}
          aria-labelledby={`${id}-label`}
          name={name}
          value={value}
          onChange={change}
          className={cx(
            "min-h-10 max-sm:min-h-11 w-full cursor-pointer appearance-none rounded-lg border border-border-strong bg-surface py-2 ps-3 pe-9 text-sm text-fg hover:bg-surface-2",
            nativeFocusRing,
          )}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
    </div>
  );
}
