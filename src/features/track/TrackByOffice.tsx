import { useTranslation } from "react-i18next";
import { PublicLayout } from "../layout/PublicLayout";
import { OfficeContact } from "./OfficeContact";

/**
 * /track where the backend offers no tracking (extension `track` not declared): the landing links here whatever
 * the site's backend, so the page says how to reach the office instead of "page not found".
 */
export function TrackByOffice() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:py-14">
        <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t("registration:track.title")}</h1>
        <p className="text-fg">{t("registration:track.byOffice")}</p>
        <OfficeContact
          title={t("registration:result.officeTitle")}
          className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
        />
      </div>
    </PublicLayout>
  );
}
