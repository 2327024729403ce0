import { useTranslation } from "react-i18next";
import { Link } from "../../ui/Link";
import { PublicLayout } from "../layout/PublicLayout";
import { useContact } from "../../app/runtime-context";
import { phoneHref } from "../../app/config-contact";
import { DocumentSection, LegalDocument } from "./LegalDocument";

const list = (keys: readonly string[], prefix: string, t: (key: string) => string) => (
  <ul className="flex list-disc flex-col gap-1 ps-5">
    {keys.map((key) => (
      <li key={key}>{t(`${prefix}.${key}`)}</li>
    ))}
  </ul>
);

/**
 * Privacy policy at /privacy (linked from the login page and the footer): what is collected, why, for how long,
 * who receives it and how to ask for a correction, in the terms' words (docs/spec.md §1).
 */
export const PrivacyPage = () => {
  const { t } = useTranslation();
  const contact = useContact();
  return (
    <PublicLayout>
      <LegalDocument title={t("terms:privacy.title")} intro={t("terms:privacy.intro")}>
        <DocumentSection id="privacy-collected" title={t("terms:privacy.collected.title")}>
          {list(["identity", "contact", "institution", "emergency"], "terms:privacy.collected", t)}
        </DocumentSection>
        <DocumentSection id="privacy-purposes" title={t("terms:privacy.purposes.title")}>
          {list(["process", "check", "emergency", "notify"], "terms:privacy.purposes", t)}
        </DocumentSection>
        <DocumentSection id="privacy-retention" title={t("terms:privacy.retention.title")}>
          <p>{t("terms:privacy.retention.body")}</p>
        </DocumentSection>
        <DocumentSection id="privacy-recipients" title={t("terms:privacy.recipients.title")}>
          {list(["office", "partners", "public"], "terms:privacy.recipients", t)}
          <p className="font-semibold">{t("terms:privacy.recipients.never")}</p>
        </DocumentSection>
        <DocumentSection id="privacy-rights" title={t("terms:privacy.rights.title")}>
          <p>{t("terms:privacy.rights.body")}</p>
          <address className="not-italic">
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
              {contact.email && (
                <>
                  <dt className="font-semibold">{t("home:contact.emailLabel")}</dt>
                  <dd>
                    <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
                  </dd>
                </>
              )}
              {contact.address && (
                <>
                  <dt className="font-semibold">{t("home:contact.addressLabel")}</dt>
                  <dd>{contact.address.join(", ")}</dd>
                </>
              )}
              {contact.phone && (
                <>
                  <dt className="font-semibold">{t("home:contact.phoneLabel")}</dt>
                  <dd>
                    <Link href={phoneHref(contact.phone)}>{contact.phone}</Link>
                  </dd>
                </>
              )}
            </dl>
          </address>
        </DocumentSection>
        <p className="flex flex-wrap gap-x-6 gap-y-2 border-t border-border pt-6">
          <Link href="/terms/student">{t("terms:privacy.termsLink")}</Link>
        </p>
      </LegalDocument>
    </PublicLayout>
  );
};
