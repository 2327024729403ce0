import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A form of /track sent through its machine (the correction, the mistake report): the browser's own validation is
 * off (the machine checks), submitting sends SUBMIT, and a failure to send is announced above the fields.
 */
export function TrackForm({
  label,
  gap,
  errorKey,
  onSubmit,
  intro,
  children,
}: {
  readonly label: string;
  readonly gap: "gap-3" | "gap-4";
  readonly errorKey: string | null;
  readonly onSubmit: () => void;
  /** Shown before the failure, which then sits right above the fields. */
  readonly intro?: ReactNode;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={label}
      className={`flex flex-col ${gap} rounded-xl border border-border bg-surface p-4 text-fg`}
    >
      {intro}
      {errorKey && (
        <p role="alert" className="rounded-lg bg-error-bg p-3 text-sm text-error-fg">
          {t(errorKey)}
        </p>
      )}
      {children}
    </form>
  );
}
