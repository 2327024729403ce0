import { useTranslation } from "react-i18next";
import { useRuntime } from "../../app/runtime-context";
import { ConfirmButton } from "../../ui";

/** Demo mode only: restore the seeded data (trainers start each session from the same state). */
export const DemoResetButton = () => {
  const { t } = useTranslation();
  const { resetDemo } = useRuntime();
  if (!resetDemo) return null;
  return (
    <ConfirmButton
      variant="quiet"
      size="sm"
      label={t("common:demoReset")}
      title={t("common:demoResetTitle")}
      message={t("common:demoResetConfirm")}
      confirmLabel={t("common:demoReset")}
      onConfirm={resetDemo}
    />
  );
};
