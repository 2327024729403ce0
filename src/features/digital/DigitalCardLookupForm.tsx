import { useId, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { kindIds, type KindId } from "../../api/kind-ids";
import { isKindId } from "../../kinds";
import type { DigitalField } from "../../machines/digital-card";
import { NativeButton } from "../../ui/NativeButton";
import { NativeDateField } from "../../ui/NativeDateField";
import { NativeRadioGroup } from "../../ui/NativeRadioGroup";
import { NativeTextField } from "../../ui/NativeTextField";

export interface DigitalCardLookupFormProps {
  readonly lookup: {
    readonly kind: KindId;
    readonly code: string;
    readonly register: string;
    readonly birth_at: string;
  };
  readonly fieldErrors: Partial<Record<DigitalField, string>>;
  readonly errorKey: string | null;
  readonly busy: boolean;
  readonly onKind: (kind: KindId) => void;
  readonly onChange: (field: DigitalField, value: string) => void;
  readonly onSubmit: () => void;
}

/** The receipt's code, the registration number and the birth date: the second factor a found receipt lacks. */
export function DigitalCardLookupForm(props: DigitalCardLookupFormProps) {
  const { lookup, fieldErrors, errorKey, busy, onKind, onChange, onSubmit } = props;
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const text = (field: "code" | "register", label: string, hint?: string) => (
    <NativeTextField
      id={`${id}-${field}`}
      name={field}
      label={label}
      {...(hint ? { description: hint } : {})}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={40}
      isRequired
      value={lookup[field]}
      onChange={(value) => onChange(field, value)}
      errorMessage={fieldErrors[field] ? t(fieldErrors[field]) : undefined}
      invalidBy={errorKey ? errorId : undefined}
    />
  );
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t("registration:digital.title")}</h1>
        <p className="text-fg-muted">{t("registration:digital.intro")}</p>
      </div>
      <form
        noValidate
        onSubmit={submit}
        aria-label={t("registration:digital.title")}
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6"
      >
        <NativeRadioGroup
          id={`${id}-kind`}
          name="kind"
          label={t("registration:track.kindLabel")}
          options={kindIds.map((value) => ({ value, label: t(`registration:result.kind.${value}`) }))}
          value={lookup.kind}
          onChange={(value) => isKindId(value) && onKind(value)}
        />
        {text("code", t("registration:track.codeLabel"), t("registration:track.codeHint"))}
        {text("register", t("registration:track.registerLabel"))}
        <NativeDateField
          id={`${id}-birth`}
          name="birth_at"
          label={t("registration:digital.birthLabel")}
          description={t("registration:digital.birthHint")}
          isRequired
          value={lookup.birth_at}
          onChange={(value) => onChange("birth_at", value)}
          errorMessage={fieldErrors.birth_at ? t(fieldErrors.birth_at) : undefined}
        />
        {errorKey && (
          <p id={errorId} role="alert" className="rounded-lg bg-error-bg p-3 text-sm text-error-fg">
            {t(errorKey)}
          </p>
        )}
        <NativeButton type="submit" aria-disabled={busy || undefined} className="sm:self-start">
          {busy ? t("registration:digital.opening") : t("registration:digital.open")}
        </NativeButton>
      </form>
    </>
  );
}
