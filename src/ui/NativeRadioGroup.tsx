import { useId } from "react";
import { cx, nativeFocusRing } from "./classes";
import { describedByIds, HintAndError, RequiredMark } from "./NativeFieldParts";

export interface NativeRadioOption {
  readonly value: string;
  readonly label: string;
}

export interface NativeRadioGroupProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly options: readonly NativeRadioOption[];
  /** The chosen option's value; null when none is chosen. */
  readonly value: string | null;
  readonly onChange: (value: string) => void;
  readonly description?: string | undefined;
  /** Shown under the group and tied to it (aria-describedby, aria-invalid) when present. */
  readonly errorMessage?: string | undefined;
  readonly isRequired?: boolean;
  /** "vertical": one option a line (a longer list, a narrow dialog); default: side by side, wrapping. */
  readonly orientation?: "horizontal" | "vertical";
}

/**
 * A labelled group of the platform's radio buttons (arrow keys move the choice, Tab enters and leaves the
 * group): the kit's RadioGroup looks and semantics without react-aria, for the registration wizard.
 */
export function NativeRadioGroup({
  id,
  name,
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  isRequired = false,
  orientation = "horizontal",
}: NativeRadioGroupProps) {
  const labelId = useId();
  const { describedBy } = describedByIds(id, description, errorMessage);
  return (
    <div
      id={id}
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={errorMessage ? true : undefined}
      aria-required={isRequired || undefined}
      className="flex flex-col gap-2"
    >
      <span id={labelId} className="w-fit text-sm font-medium text-fg">
        {label}
        <RequiredMark show={isRequired} />
      </span>
      <div className={orientation === "vertical" ? "flex flex-col gap-2" : "flex flex-wrap gap-x-6 gap-y-2"}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-6 cursor-pointer items-center gap-2 text-sm text-fg max-sm:min-h-11 max-sm:min-w-11"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className={cx(
                "size-5 shrink-0 cursor-pointer accent-primary",
                errorMessage && "outline outline-1 outline-danger-text",
                nativeFocusRing,
              )}
            />
            {option.label}
          </label>
        ))}
      </div>
      <HintAndError id={id} description={description} errorMessage={errorMessage} />
    </div>
  );
}
