import type { Language } from "../../i18n/namespaces";
import { useTranslation } from "react-i18next";
import type { ReferenceData } from "../../api/schemas";
import type { StepSpec } from "../../forms/fields";
import type { FormValues } from "../../forms/rules";
import { NativeButton as Button } from "../../ui/NativeButton";
import { displayValue } from "./display";

export interface ReviewSummaryProps {
  readonly steps: readonly StepSpec[];
  readonly values: FormValues;
  readonly photo: string | null;
  readonly referenceData: ReferenceData | null;
  readonly lang: Language;
  /** Go back to a step to change it; absent while the request is being sent or after a failure. */
  readonly onChange?: ((step: number) => void) | undefined;
}

/** Every value of the request, read-only, grouped by step, each group with a "Change" button. */
export function ReviewSummary({ steps, values, photo, referenceData, lang, onChange }: ReviewSummaryProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      {steps.map((step, index) => {
        const title = t(step.titleKey);
        const headingId = `review-${step.id}`;
        return (
          <section
            key={step.id}
            aria-labelledby={headingId}
            className="flex flex-col gap-3 border-t border-border pt-4 first:border-t-0 first:pt-0"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={headingId} className="text-lg font-semibold text-fg">
                {title}
              </h3>
              {onChange && (
                <Button variant="secondary" size="sm" onClick={() => onChange(index)}>
                  {t("registration:wizard.change")}
                  <span className="sr-only"> {title}</span>
                </Button>
              )}
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,1fr)_2fr]">
              {step.fields.map((field) => {
                const text = displayValue(field, values, referenceData, lang);
                return (
                  <div key={field.name} className="contents">
                    <dt className="text-sm font-medium text-fg-muted">{t(field.labelKey)}</dt>
                    <dd className="mb-2 break-words text-fg sm:mb-0" data-field={field.name}>
                      {field.input.type === "photo" && photo ? (
                        <img
                          src={photo}
                          alt={t("registration:wizard.photoAlt")}
                          className="aspect-[35/45] w-24 rounded-md border border-border object-cover"
                        />
                      ) : text !== null ? (
                        text
                      ) : (
                        <span className="text-fg-muted italic">{t("registration:wizard.notProvided")}</span>
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
