import type { Language } from "../../i18n/namespaces";
import type { TFunction } from "i18next";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { isMessageKey, serverMessage } from "../../api/messages";
import type { ReferenceData } from "../../api/schemas";
import { optionsFor, type Option } from "../../forms/cascade";
import { enumOptions, type FieldSpec } from "../../forms/fields";
import { choiceOf, formatPhone, type FormValue, type FormValues } from "../../forms/rules";
import { NativeChoiceField } from "../../ui/NativeChoiceField";
import { NativeRadioGroup } from "../../ui/NativeRadioGroup";
import { NativeDateField } from "../../ui/NativeDateField";
import { NativeTextField } from "../../ui/NativeTextField";
import { PhotoField } from "../photo/PhotoField";

/** The server's word on `name`, as FieldControl's `error` takes it (a known message's key, else its text). */
export const serverErrorOf = (problems: Readonly<Record<string, string>>, name: string): string | undefined => {
  const text = problems[name];
  return text === undefined ? undefined : serverMessage(text);
};

/** DOM id of a field's control (the error summary links to it). */
export const fieldId = (name: string): string => `field-${name}`;

/** Enumerations with at most this many choices are radio buttons; longer ones are selects. */
export const RADIO_MAX = 3;

/** Whether the reference data is still loading, failed, or there. */
export type ListsStatus = "loading" | "failed" | "ready";

export interface FieldControlProps {
  readonly field: FieldSpec;
  /** All values of the form (cascading selects read their parents here). */
  readonly values: FormValues;
  /** The photo data URL, for the photo field. */
  readonly photo?: string | null;
  /** The field's error, when invalid: an i18n key (`validation:…`), or a server's own words shown as they are. */
  readonly error?: string | undefined;
  readonly referenceData: ReferenceData | null;
  readonly listsStatus?: ListsStatus;
  readonly lang: Language;
  /** Label of another field of the form (for "choose X first"). */
  readonly labelOfField?: (name: string) => string | undefined;
  readonly onChange: (value: FormValue) => void;
  readonly onPhotoChange?: (dataUrl: string | null) => void;
  /** Who fills the form: the applicant (the wizard, the default) or an agent checking a demand. */
  readonly audience?: "applicant" | "agent";
}

const textValue = (value: FormValue | undefined): string =>
  typeof value === "string" ? value : value == null ? "" : String(value);
const keyValue = (value: FormValue | undefined): number | null => choiceOf(value);

/** From this share of a limit on, the field says how many characters are typed. */
const NEAR_LIMIT = 0.8;

/** A limited text field's words on its length: the limit before typing, the length typed once near it. */
const lengthWords = (t: TFunction, field: FieldSpec, length: number): string | undefined => {
  const max = field.maxLength;
  if (max === undefined || field.limitInHint) return undefined;
  if (length < Math.floor(max * NEAR_LIMIT)) return t("registration:limit.max", { count: max });
  const typed = t("registration:limit.typed", { count: length, max });
  return length > max ? `${typed} ${t("registration:limit.over", { count: length - max })}` : typed;
};

/**
 * One control of the registration wizard, chosen from the field's spec: text-like inputs, a date, a text area,
 * a select over a reference list (cascading: disabled until its parents are chosen), radio buttons or a select
 * over an enumeration, and the photo picker. Selects are the platform's own: a step holds several, some with
 * long lists, and native pickers are what phones do best. Label, hint and error come from the spec's keys.
 */
export const FieldControl = memo(function FieldControl({
  field,
  values,
  photo = null,
  error,
  referenceData,
  listsStatus = referenceData ? "ready" : "loading",
  lang,
  labelOfField,
  onChange,
  onPhotoChange,
  audience = "applicant",
}: FieldControlProps) {
  const { t } = useTranslation();
  const id = fieldId(field.name);
  const label = t(field.labelKey);
  const hintKey = audience === "agent" ? (field.agentDescriptionKey ?? field.descriptionKey) : field.descriptionKey;
  const hint = hintKey ? t(hintKey) : undefined;
  const errorMessage = error ? (isMessageKey(error) ? t(error) : error) : undefined;
  const common = {
    id,
    name: field.name,
    label,
    isRequired: field.required,
    errorMessage,
  };
  const value = values[field.name];

  switch (field.input.type) {
    case "text":
    case "email":
    case "tel":
    case "textarea": {
      const type = field.input.type;
      const lengthNote =
        type === "text" || type === "textarea" ? lengthWords(t, field, textValue(value).length) : undefined;
      return (
        <NativeTextField
          {...common}
          description={hint}
          lengthNote={lengthNote}
          value={textValue(value)}
          onChange={onChange}
          multiline={type === "textarea"}
          {...(type === "email" ? { type: "email", inputMode: "email" as const } : {})}
          {...(type === "tel"
            ? {
                type: "tel",
                inputMode: "tel" as const,
                // Read back in pairs once left ("6 71 23 45 67"); sent as the 9 digits (forms/submission.ts).
                // Only the applicant's: on the agent's screen a changed text would count as a correction.
                onBlur: () => {
                  const shown = formatPhone(textValue(value));
                  if (audience === "applicant" && shown !== textValue(value)) onChange(shown);
                },
              }
            : {})}
          {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
          {...(type === "email" || type === "tel" ? { spellCheck: false } : {})}
        />
      );
    }
    case "date":
      return (
        <NativeDateField
          id={id}
          name={field.name}
          label={label}
          isRequired={field.required}
          description={hint}
          errorMessage={errorMessage}
          value={textValue(value)}
          onChange={onChange}
          {...(field.autoComplete ? { autoCompletePrefix: field.autoComplete } : {})}
        />
      );
    case "photo":
      return (
        <PhotoField
          id={id}
          label={label}
          description={hint}
          isRequired={field.required}
          value={photo}
          errorMessage={errorMessage}
          onChange={(dataUrl) => onPhotoChange?.(dataUrl)}
        />
      );
    case "enum": {
      const options = enumOptions(field.input.options, lang);
      if (options.length <= RADIO_MAX) {
        const selected = keyValue(value);
        return (
          <NativeRadioGroup
            {...common}
            description={hint}
            options={options.map((option) => ({ value: String(option.id), label: option.label }))}
            value={selected === null ? null : String(selected)}
            onChange={(next) => onChange(choiceOf(next))}
          />
        );
      }
      return <ChoiceControl common={common} hint={hint} options={options} value={value} onChange={onChange} />;
    }
    case "select": {
      const list = field.input.list;
      const missingParent = field.dependsOn?.find((parent) => keyValue(values[parent]) === null);
      const options =
        referenceData && !missingParent ? optionsFor(list, values, referenceData, lang, field.input.card) : [];
      // While the lists load, the field says so in its own box and keeps the hint it will have once they are in:
      // nothing around it changes height when they arrive.
      const loading = listsStatus === "loading";
      let disabledHint: string | undefined;
      if (listsStatus === "failed" || (!loading && !referenceData)) disabledHint = t("registration:wizard.listsFailed");
      else if (missingParent)
        disabledHint = t("registration:wizard.chooseFirst", { parent: labelOfField?.(missingParent) ?? missingParent });
      else if (!loading && options.length === 0) disabledHint = t("registration:wizard.noOptions");
      return (
        <ChoiceControl
          common={common}
          hint={disabledHint ?? hint}
          options={options}
          value={value}
          onChange={onChange}
          isDisabled={loading || disabledHint !== undefined}
          placeholder={loading ? t("registration:wizard.loadingLists") : undefined}
        />
      );
    }
  }
});

interface ChoiceControlProps {
  readonly common: { id: string; name: string; label: string; isRequired: boolean; errorMessage: string | undefined };
  readonly hint: string | undefined;
  readonly options: readonly Option[];
  readonly value: FormValue | undefined;
  readonly onChange: (value: FormValue) => void;
  readonly isDisabled?: boolean;
  /** What the empty choice says (default: "choose…"). */
  readonly placeholder?: string;
}

function ChoiceControl({
  common,
  hint,
  options,
  value,
  onChange,
  isDisabled = false,
  placeholder,
}: ChoiceControlProps) {
  const { t } = useTranslation();
  const selected = keyValue(value);
  // A value that is not (or not yet) among the options shows as nothing chosen.
  const key = selected !== null && options.some((option) => option.id === selected) ? selected : null;
  return (
    <NativeChoiceField
      {...common}
      description={hint}
      items={options}
      value={key}
      onChange={(next) => onChange(choiceOf(next))}
      isDisabled={isDisabled}
      placeholder={placeholder ?? t("registration:wizard.selectPlaceholder")}
    />
  );
}
