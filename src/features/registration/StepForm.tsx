import { useMemo, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ReferenceData } from "../../api/schemas";
import type { StepSpec } from "../../forms/fields";
import type { FormValue } from "../../forms/rules";
import type { Language } from "../../i18n/namespaces";
import type { WizardContext } from "../../machines/wizard";
import { ErrorSummary, type FieldErrorItem } from "../../ui/ErrorSummary";
import { NativeButton as Button } from "../../ui/NativeButton";
import { FieldControl, serverErrorOf, type ListsStatus } from "../forms/FieldControl";

interface StepFormProps {
  readonly step: StepSpec;
  readonly index: number;
  readonly headingId: string;
  readonly context: WizardContext;
  readonly referenceData: ReferenceData | null;
  readonly listsStatus: ListsStatus;
  readonly onRetryLists: () => void;
  readonly lang: Language;
  readonly labelOf: (name: string) => string | undefined;
  readonly summary: readonly FieldErrorItem[] | null;
  readonly onChange: (field: string, value: FormValue) => void;
  readonly onPhoto: (dataUrl: string | null) => void;
  readonly onNext: (event?: FormEvent) => void;
  readonly onPrevious: () => void;
  /** The review was reached: Next goes back to it (the steps in between are checked on the way). */
  readonly reviewReached: boolean;
}

/** One step of the wizard: its fields, the lists they need, previous / next (or back to the review). */
export function StepForm({
  step,
  index,
  headingId,
  context,
  referenceData,
  listsStatus,
  onRetryLists,
  lang,
  labelOf,
  summary,
  onChange,
  onPhoto,
  onNext,
  onPrevious,
  reviewReached,
}: StepFormProps) {
  const { t } = useTranslation();
  const usesLists = step.fields.some((field) => field.input.type === "select");
  // One handler per field, kept across renders, so that a field whose own props did not change is not redrawn.
  const changeOf = useMemo(
    () => new Map(step.fields.map((field) => [field.name, (value: FormValue) => onChange(field.name, value)])),
    [step, onChange],
  );
  return (
    <form noValidate aria-labelledby={headingId} onSubmit={onNext} className="flex flex-col gap-5">
      {summary && <ErrorSummary errors={summary} />}
      {/* Announced, not shown: each list says it is loading in its own box, and a banner that came and went would move the form. */}
      {usesLists && listsStatus === "loading" && (
        <p role="status" className="sr-only">
          {t("registration:wizard.loadingLists")}
        </p>
      )}
      {usesLists && listsStatus === "failed" && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-danger-text bg-error-bg p-3 text-sm text-error-fg"
        >
          <span>{t("registration:wizard.listsFailed")}</span>
          <Button variant="secondary" size="sm" onClick={onRetryLists}>
            {t("common:actions.retry")}
          </Button>
        </div>
      )}
      <p className="text-sm text-fg-muted">{t("registration:wizard.requiredNote")}</p>
      {step.fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          values={context.values}
          {...(field.input.type === "photo" ? { photo: context.photo, onPhotoChange: onPhoto } : {})}
          error={context.errors[field.name] ?? serverErrorOf(context.serverErrors, field.name)}
          referenceData={referenceData}
          listsStatus={listsStatus}
          lang={lang}
          labelOfField={labelOf}
          onChange={changeOf.get(field.name) ?? onChange.bind(null, field.name)}
        />
      ))}
      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:justify-between">
        {index > 0 ? (
          <Button variant="secondary" onClick={onPrevious}>
            {t("common:actions.previous")}
          </Button>
        ) : (
          <span aria-hidden="true" />
        )}
        {/* Once the review was reached (a step changed from it), Next leads straight back to it. */}
        <Button type="submit">
          {reviewReached ? t("registration:wizard.backToReview") : t("common:actions.next")}
        </Button>
      </div>
    </form>
  );
}
