import { useTranslation } from "react-i18next";
import { useRuntime } from "../../app/runtime-context";
import { CLASSROOM_BANNER_CLASSES } from "./classroom-banner-classes";

/** The classroom demo only: every page says the data is shared by the whole class. */
export const ClassroomBanner = () => {
  const { t } = useTranslation();
  if (!useRuntime().config.classroom) return null;
  return (
    <p role="note" className={CLASSROOM_BANNER_CLASSES}>
      {t("common:classroomBanner")}
    </p>
  );
};
