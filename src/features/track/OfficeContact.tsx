import { useTranslation } from "react-i18next";
import { useContact } from "../../app/runtime-context";
import { cx } from "../../ui/classes";

/**
 * How to reach the card office: config.json's contact (address, e-mail, phone) and the office hours. On the receipt
 * and on /track, where an applicant with a mistake in a sent request or a question about it needs the office.
 */
export function OfficeContact({ title, className }: { readonly title: string; readonly className?: string }) {
  const { t } = useTranslation();
  const contact = useContact();
  return (
    <address className={cx("w-full text-start text-sm not-italic text-fg-muted", className)}>
      <span className="block font-semibold text-fg">{title}</span>
      {contact.address && <span className="block">{contact.address.join(", ")}</span>}
      {(contact.email || contact.phone) && (
        <span className="block">
          {[
            contact.email && t("registration:result.officeEmail", { email: contact.email }),
            contact.phone && t("registration:result.officePhone", { phone: contact.phone }),
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      )}
      <span className="block">{t("home:contact.hours")}</span>
    </address>
  );
}
