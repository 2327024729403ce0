import { useTranslation } from "react-i18next";
import { PublicLayout } from "../layout/PublicLayout";

/** /verify on a site whose backend does not sign QR codes: the online check is the only check. */
export function VerifyUnavailable() {
  const { t } = useTranslation("verify");
  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-3 px-4 py-14">
        <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t("unavailable.title")}</h1>
        <p className="text-fg-muted">{t("unavailable.body")}</p>
      </div>
    </PublicLayout>
  );
}
