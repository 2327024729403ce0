import { useId, type ChangeEvent, type InputHTMLAttributes } from "react";
import { cx, nativeFocusRing } from "./classes";
import { describedByIds, HintAndError, RequiredMark } from "./NativeFieldParts";

export interface NativeTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly description?: string;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid) when present. */
  readonly errorMessage?: string | undefined;
  /** The id of a message shown elsewhere that makes the field invalid (a refused sign-in): aria-invalid, described by it. */
  readonly invalidBy?: string | undefined;
  /** Marks the field required (asterisk, aria-required) without the browser's own validation bubble. */
  readonly isRequired?: boolean;
  /** A <textarea> instead of an <input>. */
  readonly multiline?: boolean;
  /**
   * Words on the field's length limit: the limit before typing ("15 caractères max."), the length typed near it.
   * Shown under the field, tied to it, in a polite live region that stays in place so each change is read out.
   */
  readonly lengthNote?: string | undefined;
}

const controlClasses =
  "min-h-10 max-sm:min-h-11 w-full min-w-0 rounded-lg border border-border-strong bg-surface px-3 py-2 text-base text-fg placeholder:text-placeholder transition-colors hover:border-fg-muted focus:border-focus sm:text-sm";

/**
 * Label, input, description and error on the platform's own <input>: the same looks and accessibility as the
 * kit's TextField, without react-aria, for pages that must load light (the login page).
 */
export function NativeTextField({
  label,
  value,
  onChange,
  description,
  errorMessage,
  invalidBy,
  required,
  isRequired = false,
  multiline = false,
  lengthNote,
  className,
  id,
  ...props
}: NativeTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const own = describedByIds(inputId, description, errorMessage).describedBy;
  const lengthId = lengthNote === undefined ? undefined : `${inputId}-length`;
  const describedBy = [own, lengthId, invalidBy].filter(Boolean).join(" ") || undefined;
  const invalid = Boolean(errorMessage || invalidBy) || undefined;
  // Named by its label twice over (for and aria-labelledby): a label out of sight (a closed <details>) is no label
  // to every checker. A field given its own aria-label keeps it.
  const labelId = `${inputId}-label`;
  const labelledBy = props["aria-label"] === undefined ? (props["aria-labelledby"] ?? labelId) : undefined;
  // The one-line and the multi-line control are the same field: same id, value, states, names and look.
  const control = {
    id: inputId,
    value,
    "aria-required": required || isRequired || undefined,
    "aria-invalid": invalid,
    "aria-describedby": describedBy,
    "aria-labelledby": labelledBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    className: cx(
      controlClasses,
      errorMessage && "border-2 border-danger-text",
      nativeFocusRing,
      "focus-visible:outline-offset-1",
    ),
  };
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label id={labelId} htmlFor={inputId} className="w-fit text-sm font-medium text-fg">
        {label}
        <RequiredMark show={Boolean(required || isRequired)} />
      </label>
      {multiline ? (
        <textarea {...control} name={props.name} rows={3} />
      ) : (
        <input {...props} {...control} required={required} />
      )}
      <HintAndError id={inputId} description={description} errorMessage={errorMessage} />
      {lengthNote !== undefined && (
        <p id={lengthId} aria-live="polite" className="text-sm tabular-nums text-fg-muted">
          {lengthNote}
        </p>
      )}
    </div>
  );
}
