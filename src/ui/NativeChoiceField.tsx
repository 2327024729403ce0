import { type Key } from "react";
import { cx, nativeFocusRing } from "./classes";
import { describedByIds, HintAndError, RequiredMark, SelectChevron } from "./NativeFieldParts";

export interface NativeChoiceItem {
  readonly id: Key;
  readonly label: string;
}

export interface NativeChoiceFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly items: readonly NativeChoiceItem[];
  /** The chosen item's id; null shows the placeholder. */
  readonly value: Key | null;
  readonly onChange: (value: Key | null) => void;
  readonly placeholder: string;
  readonly description?: string | undefined;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid) when present. */
  readonly errorMessage?: string | undefined;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
}

/**
 * A form field choosing one item of a list, on the platform's own <select>: native pickers on phones, type-ahead
 * on a keyboard, and cheap to render (a wizard step holds several, and long reference lists). Same looks as the
 * kit's text fields; the placeholder option stands for "nothing chosen".
 */
export function NativeChoiceField({
  id,
  name,
  label,
  items,
  value,
  onChange,
  placeholder,
  description,
  errorMessage,
  isRequired = false,
  isDisabled = false,
}: NativeChoiceFieldProps) {
  const { describedBy } = describedByIds(id, description, errorMessage);
  const selected = value === null ? "" : String(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="w-fit text-sm font-medium text-fg">
        {label}
        <RequiredMark show={isRequired} />
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={selected}
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(items.find((item) => String(item.id) === event.target.value)?.id ?? null)}
          // Only the border eases (hover, focus): a list that arrives enables its select at once, rather than in a
          // fade of its colours that a phone would draw frame by frame on its main thread.
          className={cx(
            "min-h-10 max-sm:min-h-11 w-full min-w-0 cursor-pointer appearance-none rounded-lg border border-border-strong bg-surface py-2 ps-3 pe-9 text-base text-fg transition-[border-color] hover:border-fg-muted focus:border-focus disabled:cursor-not-allowed disabled:bg-disabled-bg disabled:text-disabled-fg sm:text-sm",
            errorMessage && "border-2 border-danger-text",
            nativeFocusRing,
            "focus-visible:outline-offset-1",
          )}
        >
          <option value="">{placeholder}</option>
          {items.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.label}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
      <HintAndError id={id} description={description} errorMessage={errorMessage} />
    </div>
  );
}
