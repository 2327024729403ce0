import { useTranslation } from "react-i18next";
import { Link } from "../../ui/Link";

/** A signed-in user on a page their role does not open (403): said so, not passed off as a missing page. */
export function ForbiddenPage() {
  const { t } = useTranslation("errors");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-6xl font-bold text-link">
        403
      </p>
      <h1 className="text-2xl font-semibold text-fg">{t("forbiddenTitle")}</h1>
      <p className="text-fg-muted">{t("forbiddenBody")}</p>
      <Link href="/dashboard" variant="primary">
        {t("nav:dashboard")}
      </Link>
    </div>
  );
}
