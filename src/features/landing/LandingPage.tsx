import { useTranslation } from "react-i18next";
import { Link } from "../../ui";
import { PublicLayout } from "../layout/PublicLayout";

/** Landing page (spec §2). */
export const LandingPage = () => {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold sm:text-4xl">{t("home:heroTitle")}</h1>
        <p className="max-w-2xl text-lg text-fg-muted">{t("home:heroBody")}</p>
        <div className="flex flex-wrap gap-3">
          <Link href="/registration" variant="primary">
            {t("home:ctaRegister")}
          </Link>
          <Link href="/auth" variant="secondary">
            {t("home:ctaSignIn")}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
};
