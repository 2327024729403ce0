import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../session";
import { ExportPanel } from "./ExportPanel";
import { greetingKey } from "./greeting";
import { StatsOverview } from "./StatsOverview";

/** Dashboard home (docs/spec.md §2): greeting, the counts with a chart of pending requests, Export Card Data. */
export const DashboardHome = () => {
  const { t } = useTranslation();
  const user = useUser();
  // The greeting is chosen once per visit: it must not flip under the reader's eyes.
  const [greeting] = useState(() => greetingKey(new Date()));
  const name = user?.firstName || user?.username || "";

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-fg">{t(greeting, { name })}</h1>
        <p className="text-fg-muted">{t("dashboard:intro")}</p>
      </header>
      <StatsOverview />
      <ExportPanel />
    </div>
  );
};
