import { useTranslation } from "react-i18next";
import { NativeButton } from "../../ui/NativeButton";
import { Link } from "../../ui/Link";

/**
 * docs/spec.md §2: "Oops! Page Not Found" with Go back (history) and Go Home ("/"), inside the layout of the page
 * around it (the public layout for an address that is no page). Usable as a router notFoundComponent, whose props
 * it ignores.
 */
export function NotFoundPage() {
  const { t } = useTranslation("errors");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-6xl font-bold text-link">
        404
      </p>
      <h1 className="text-2xl font-semibold text-fg">{t("notFoundTitle")}</h1>
      <p className="text-fg-muted">{t("notFoundBody")}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <NativeButton variant="secondary" onClick={() => window.history.back()}>
          {t("goBack")}
        </NativeButton>
        <Link href="/" variant="primary">
          {t("goHome")}
        </Link>
      </div>
    </div>
  );
}
