import { useTranslation } from "react-i18next";
import type { KindId } from "../../api/kind-ids";
import { kindIds } from "../../api/kind-ids";
import { Link } from "../../ui/Link";
import { cx } from "../../ui/classes";
import { PublicLayout } from "../layout/PublicLayout";
import { DocumentSection, LegalDocument } from "./LegalDocument";

/** The statements of docs/spec.md §1 every terms page opens with. */
export const TERMS_SUMMARY = ["sharing", "lostCard", "noLegalAction"] as const;

const sections = ["use", "sharing", "card", "liability", "acceptance"] as const;

/** Terms of use for one kind of card (docs/spec.md §1, §2: terms/student, terms/staff, terms/teacher). */
export const TermsPage = ({ kind }: { kind: KindId }) => {
  const { t } = useTranslation();
  return (
    <PublicLayout termsKind={kind}>
      <LegalDocument title={t(`terms:${kind}Title`)} intro={t(`terms:intro.${kind}`)}>
        <section aria-labelledby="terms-summary" className="rounded-xl border-2 border-primary bg-primary-soft p-5">
          <h2 id="terms-summary" className="text-xl font-semibold text-fg">
            {t("terms:summaryTitle")}
          </h2>
          <ul className="mt-3 flex list-disc flex-col gap-2 ps-5 text-base text-fg">
            {TERMS_SUMMARY.map((key) => (
              <li key={key}>{t(`terms:summary.${key}`)}</li>
            ))}
          </ul>
        </section>

        <DocumentSection id="terms-data" title={t("terms:sections.data.title")}>
          <p>{t(`terms:sections.data.${kind}`)}</p>
        </DocumentSection>
        {sections.map((id) => (
          <DocumentSection key={id} id={`terms-${id}`} title={t(`terms:sections.${id}.title`)}>
            <p>{t(`terms:sections.${id}.body`)}</p>
          </DocumentSection>
        ))}

        <nav aria-label={t("terms:otherKinds")} className="flex flex-col gap-2 border-t border-border pt-6">
          <h2 className="text-lg font-semibold text-fg">{t("terms:otherKinds")}</h2>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {kindIds.map((other) => (
              <li key={other}>
                <Link
                  href={`/terms/${other}`}
                  aria-current={other === kind ? "page" : undefined}
                  className={cx("inline-flex min-h-11 items-center", other === kind && "font-semibold")}
                >
                  {t(`terms:kind.${other}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/privacy" className="inline-flex min-h-11 items-center">
                {t("terms:privacyLink")}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <Link href={`/registration/${kind}`} variant="primary">
            {t("terms:applyLink")}
          </Link>
        </div>
      </LegalDocument>
    </PublicLayout>
  );
};
