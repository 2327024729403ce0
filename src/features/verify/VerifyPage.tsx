import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "../layout/PublicLayout";

/**
 * The checker's code (its statechart, the signature check, the schemas of the keys and lists) loads after the title
 * and intro are on screen: they are what a guard opening the page sees first, and they need none of it.
 */
const VerifyChecker = lazy(() => import("./VerifyChecker"));

/**
 * The guards' checker (extension `signed-qr`, docs/signed-qr.md): its title and intro, then the checker itself
 * (VerifyChecker.tsx).
 */
export function VerifyPage() {
  const { t } = useTranslation("verify");
  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 sm:py-10">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-fg sm:text-3xl">{t("title")}</h1>
          <p className="text-fg-muted">{t("intro")}</p>
        </div>
        <Suspense fallback={null}>
          <VerifyChecker />
        </Suspense>
      </div>
    </PublicLayout>
  );
}
