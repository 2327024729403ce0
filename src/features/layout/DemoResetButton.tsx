import { useTranslation } from "react-i18next";
import { messageKeyOf } from "../../api/messages";
import { useRuntime } from "../../app/runtime-context";
import { useUser } from "../../session";
import { ConfirmButton } from "../../ui/ConfirmButton";
import { toast } from "../../ui/toast";

/**
 * Demo mode: restore the seeded data (trainers start each session from the same state). In the classroom, the
 * class's shared data, which only an administrator may reset, and the demo accounts' passwords (a student changed one).
 */
export const DemoResetButton = () => {
  const { t } = useTranslation();
  const { resetDemo, restoreDemoAccounts, config } = useRuntime();
  const admin = useUser()?.roles.includes("Admin") ?? false;
  if (!resetDemo || (config.classroom && !admin)) return null;
  const reported = (run: () => void | Promise<unknown>) => () => {
    const result = run();
    return result instanceof Promise
      ? result.catch((error: unknown) => void toast.error(t(messageKeyOf(error))))
      : result;
  };
  if (!config.classroom) {
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
  }
  return (
    <>
      {restoreDemoAccounts && (
        <ConfirmButton
          variant="quiet"
          size="sm"
          label={t("common:classroomRestore")}
          title={t("common:classroomRestoreTitle")}
          message={t("common:classroomRestoreConfirm")}
          confirmLabel={t("common:classroomRestore")}
          confirmVariant="primary"
          onConfirm={reported(restoreDemoAccounts)}
        />
      )}
      <ConfirmButton
        variant="quiet"
        size="sm"
        label={t("common:classroomReset")}
        title={t("common:classroomResetTitle")}
        message={t("common:classroomResetConfirm")}
        confirmLabel={t("common:classroomReset")}
        onConfirm={reported(resetDemo)}
      />
    </>
  );
};
