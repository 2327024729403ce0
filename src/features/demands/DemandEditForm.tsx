import type { Language } from "../../i18n/namespaces";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldSpec } from "../../forms/fields";
import type { AnyKind } from "../../kinds";
import type { FieldValue } from "../../machines/demand-validation-context";
import type { ReferenceData } from "../../api/schemas/reference";
import { AlertDialog } from "../../ui/AlertDialog";
import { Button } from "../../ui/Button";
import { Section } from "../../ui/Card";
import { ErrorPanel } from "../../ui/ErrorPanel";
import { ErrorSummary, type FieldErrorItem } from "../../ui/ErrorSummary";
import { FieldControl, fieldId, type ListsStatus } from "../forms/FieldControl";
import { actionBar, clearOfActionBar } from "./DemandDecision";
import { DemandPhoto } from "./DemandPhoto";
import { isPhoto } from "./DemandValues";

/** A demand's fields under the registration rules, with Cancel (asked first when something changed) and Reset. */
export function DemandEditForm({
  kind,
  titleId,
  name,
  summary,
  failedMessage,
  values,
  errorOf,
  referenceData,
  listsStatus,
  lang,
  labelOfField,
  onEdit,
  photo,
  photoChanged,
  onPhoto,
  warnings,
  dialogs,
  actions,
  confirmingCancel,
  setConfirmingCancel,
  onClose,
  onReset,
  dirty,
  validating,
}: {
  kind: AnyKind;
  titleId: string;
  /** The applicant's name, for the photo's alternative text. */
  name: string;
  summary: FieldErrorItem[];
  /** Why the last validation failed, or null. */
  failedMessage: string | null;
  values: Readonly<Record<string, FieldValue>>;
  errorOf: (name: string) => string | undefined;
  referenceData: ReferenceData | null;
  listsStatus: ListsStatus;
  lang: Language;
  labelOfField: (name: string) => string | undefined;
  onEdit: (field: FieldSpec, value: FieldValue) => void;
  photo: string | null;
  photoChanged: boolean;
  onPhoto: (photo: string | null) => void;
  warnings: readonly FieldErrorItem[];
  dialogs: ReactNode;
  actions: ReactNode;
  confirmingCancel: boolean;
  setConfirmingCancel: (open: boolean) => void;
  onClose: () => void;
  onReset: () => void;
  dirty: boolean;
  validating: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={"flex flex-col gap-6"}>
      <ErrorSummary errors={summary} />
      {failedMessage !== null && <ErrorPanel message={failedMessage} />}
      <p className="text-sm text-fg-muted">{t("demand:validation.editHint")}</p>
      {kind.form.sections.map((section) => (
        <Section
          key={section.id}
          title={t(section.titleKey)}
          className="rounded-xl border border-border bg-surface p-4 sm:p-6"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((field) =>
              isPhoto(field) ? (
                <DemandPhoto
                  key={field.name}
                  id={fieldId(field.name)}
                  label={t(field.labelKey)}
                  alt={t("demand:validation.photoAlt", { name })}
                  photo={photo}
                  changed={photoChanged}
                  error={errorOf("photo")}
                  onChange={onPhoto}
                />
              ) : (
                <div key={field.name} className={field.input.type === "textarea" ? "sm:col-span-2" : undefined}>
                  <FieldControl
                    audience="agent"
                    field={field}
                    values={values}
                    error={errorOf(field.name)}
                    referenceData={referenceData}
                    listsStatus={listsStatus}
                    lang={lang}
                    labelOfField={labelOfField}
                    onChange={(value) => onEdit(field, value)}
                  />
                </div>
              ),
            )}
          </div>
        </Section>
      ))}
      {warnings.length > 0 && (
        <section
          aria-labelledby={`${titleId}-warnings`}
          className="rounded-lg border border-warning-fg/40 bg-warning-bg p-4 text-sm text-warning-fg"
        >
          <h2 id={`${titleId}-warnings`} className="font-semibold">
            {t("demand:validation.storedProblemsTitle")}
          </h2>
          <p className="mt-1">{t("demand:validation.storedProblemsBody")}</p>
          <ul className="mt-2 list-disc pl-5">
            {warnings.map((warning) => (
              <li key={warning.fieldId}>
                <a href={`#${warning.fieldId}`} className="underline">
                  {warning.message}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {dialogs}
      <AlertDialog
        isOpen={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={t("demand:cancelEdit.title")}
        confirmLabel={t("demand:cancelEdit.confirm")}
        cancelLabel={t("demand:cancelEdit.keep")}
        onConfirm={onClose}
      >
        {t("demand:cancelEdit.body")}
      </AlertDialog>
      <div ref={clearOfActionBar} className={actionBar}>
        {actions}
        <Button
          variant="secondary"
          isDisabled={validating}
          onPress={() => (dirty ? setConfirmingCancel(true) : onClose())}
        >
          {t("common:actions.cancel")}
        </Button>
        {dirty && (
          <Button variant="secondary" isDisabled={validating} onPress={onReset}>
            {t("demand:validation.reset")}
          </Button>
        )}
        {/* Said on a phone too, but not drawn there: the bar stays short. */}
        <span className="sr-only text-sm text-fg-muted sm:not-sr-only" aria-live="polite">
          {dirty ? t("demand:validation.dirty") : ""}
        </span>
      </div>
    </div>
  );
}
