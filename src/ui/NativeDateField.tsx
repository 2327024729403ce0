import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx, nativeFocusRing } from "./classes";
import { describedByIds, HintAndError, RequiredMark } from "./NativeFieldParts";

export interface NativeDateFieldProps {
  /** The first box's id (an error summary's link lands there); the others add -month and -year. */
  readonly id: string;
  readonly name: string;
  readonly label: string;
  /** An ISO date (YYYY-MM-DD), "" when empty, or what the boxes hold while incomplete ("2003--1"). */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly description?: string | undefined;
  readonly errorMessage?: string | undefined;
  readonly isRequired?: boolean;
  /** Autocomplete tokens of the three boxes, e.g. "bday" gives bday-day, bday-month, bday-year. */
  readonly autoCompletePrefix?: string;
}

interface Parts {
  readonly day: string;
  readonly month: string;
  readonly year: string;
}

const empty: Parts = { day: "", month: "", year: "" };

const partsOf = (value: string): Parts => {
  const match = /^(\d*)-(\d*)-(\d*)$/.exec(value);
  return match ? { year: match[1] ?? "", month: match[2] ?? "", day: match[3] ?? "" } : empty;
};

/** One digit is padded ("9" → "09"), so a date typed the way people write it reads as ISO. */
const pad = (text: string) => (/^\d$/.test(text) ? `0${text}` : text);
const valueOf = ({ day, month, year }: Parts): string =>
  day === "" && month === "" && year === "" ? "" : `${year}-${pad(month)}-${pad(day)}`;

const boxClasses =
  "min-h-10 max-sm:min-h-11 rounded-lg border border-border-strong bg-surface px-3 py-2 text-base text-fg tabular-nums transition-colors hover:border-fg-muted focus:border-focus sm:text-sm";

/**
 * A date people know by heart (a birth date) as three boxes, day, month, year, in that order in every language:
 * GOV.UK's "memorable date" pattern. A browser's date input follows the browser's locale instead (mm/dd/yyyy in
 * an English Chromium) while the review and the card write dd/mm/yyyy.
 */
export function NativeDateField({
  id,
  name,
  label,
  value,
  onChange,
  description,
  errorMessage,
  isRequired = false,
  autoCompletePrefix,
}: NativeDateFieldProps) {
  const { t } = useTranslation("common");
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  // What the boxes last sent: a value from elsewhere (a restored draft, a reset) replaces what they hold.
  const sent = useRef(valueOf(parts));
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setParts(partsOf(value));
    }
  }, [value]);

  const { describedBy } = describedByIds(id, description, errorMessage);
  const change = (part: keyof Parts, text: string) => {
    const next = { ...parts, [part]: text.replace(/\D/g, "") };
    setParts(next);
    sent.current = valueOf(next);
    onChange(sent.current);
  };
  const box = (part: keyof Parts, boxId: string, width: string, maxLength: number) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={boxId} className="text-sm text-fg">
        {t(`date.${part}`)}
      </label>
      <input
        id={boxId}
        name={`${name}-${part}`}
        type="text"
        inputMode="numeric"
        autoComplete={autoCompletePrefix ? `${autoCompletePrefix}-${part}` : "off"}
        maxLength={maxLength}
        value={parts[part]}
        aria-invalid={errorMessage ? true : undefined}
        aria-required={isRequired || undefined}
        // The hint and the error are each box's too: a screen reader in a box hears what is wrong with the date.
        aria-describedby={describedBy}
        onChange={(event) => change(part, event.target.value)}
        className={cx(
          boxClasses,
          width,
          errorMessage && "border-2 border-danger-text",
          nativeFocusRing,
          "focus-visible:outline-offset-1",
        )}
      />
    </div>
  );
  return (
    <fieldset aria-describedby={describedBy} className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-fg">
        {label}
        <RequiredMark show={isRequired} />
      </legend>
      <div className="flex flex-wrap gap-3">
        {box("day", id, "w-16", 2)}
        {box("month", `${id}-month`, "w-16", 2)}
        {box("year", `${id}-year`, "w-24", 4)}
      </div>
      <HintAndError id={id} description={description} errorMessage={errorMessage} />
    </fieldset>
  );
}
