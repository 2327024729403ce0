import { useTranslation } from "react-i18next";
import { useUser } from "../../app/session-context";

/** Dashboard home: greeting (the statistics and exports come with the back-office screens). */
export const DashboardHome = () => {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <section className="flex flex-col gap-2">
      <h1 className="text-2xl font-semibold">{t("dashboard:greeting", { name: user?.firstName || user?.username })}</h1>
      <p className="text-fg-muted">{t("dashboard:intro")}</p>
    </section>
  );
};
