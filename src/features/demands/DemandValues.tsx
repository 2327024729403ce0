import type { Language } from "../../i18n/namespaces";
import { useTranslation } from "react-i18next";
import type { FieldSpec } from "../../forms/fields";
import type { AnyKind } from "../../kinds";
import type { FieldValue } from "../../machines/demand-validation-context";
import type { ReferenceData } from "../../api/schemas/reference";
import { Section } from "../../ui/Card";
import { cx } from "../../ui/utils";
import { displayValue } from "./display";

export const isPhoto = (field: FieldSpec) => field.input.type === "photo";

/** A demand's values as on the card: its sections, read-only (the review, or a demand already validated). */
export function DemandValues({
  kind,
  values,
  photo,
  name,
  referenceData,
  lang,
  large = false,
  corrected = [],
}: {
  kind: AnyKind;
  values: Readonly<Record<string, FieldValue>>;
  photo: string | null;
  name: string;
  referenceData: ReferenceData | null;
  lang: Language;
  large?: boolean;
  /** Extension `correction`: the fields the applicant corrected online since the agent asked, marked as such. */
  corrected?: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {kind.form.sections.map((section) => (
        <Section
          key={section.id}
          title={t(section.titleKey)}
          className="rounded-xl border border-border bg-surface p-4 sm:p-6"
        >
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {section.fields.map((field) =>
              isPhoto(field) ? (
                <div key={field.name} className="flex flex-col gap-1 sm:col-span-2">
                  <dt className="text-sm font-medium text-fg-muted">{t(field.labelKey)}</dt>
                  <dd>
                    {photo ? (
                      <img
                        src={photo}
                        alt={t("demand:validation.photoAlt", { name })}
                        className={cx(
                          "aspect-[35/45] rounded-md border border-border object-cover",
                          large ? "w-44" : "w-28",
                        )}
                      />
                    ) : (
                      t("demand:validation.noPhoto")
                    )}
                  </dd>
                </div>
              ) : (
                <div key={field.name} className="flex flex-col gap-0.5">
                  <dt className="text-sm font-medium text-fg-muted">
                    {t(field.labelKey)}
                    {corrected.includes(field.name) && (
                      <span className="ms-2 rounded-full bg-info-bg px-2 py-0.5 text-xs font-semibold text-info-fg">
                        {t("demand:correction.mark")}
                      </span>
                    )}
                  </dt>
                  <dd dir="auto" className="break-words">
                    {displayValue(field, values[field.name], referenceData, lang) || t("common:notAvailable")}
                  </dd>
                </div>
              ),
            )}
          </dl>
        </Section>
      ))}
    </>
  );
}
