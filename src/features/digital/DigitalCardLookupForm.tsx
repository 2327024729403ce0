import { useId, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import type { DigitalField } from "../../machines/digital-card";
import { NativeButton } from "../../ui/NativeButton";
import { NativeDateField } from "../../ui/NativeDateField";
import { RequestLookupFields } from "../track/RequestLookupFields";

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
        <RequestLookupFields
          id={id}
          kind={lookup.kind}
          code={lookup.code}
          register={lookup.register}
          fieldErrors={fieldErrors}
          errorId={errorKey ? errorId : undefined}
          onKind={onKind}
          onChange={onChange}
        />
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
