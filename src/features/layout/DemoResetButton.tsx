import { useTranslation } from "react-i18next";
import { messageKeyOf } from "../../api/messages";
import { useRuntime } from "../../app/runtime-context";
import { useUser } from "../../session";
import { ConfirmButton, type ConfirmButtonProps } from "../../ui/ConfirmButton";
import { toast } from "../../ui/toast";

/** A small button of the header asking first; its confirming button is named like itself. */
const QuietConfirm = ({
  texts: [label, title, message],
  confirmVariant,
  onConfirm,
}: {
  /** The button's name, the dialog's title and its question. */
  readonly texts: readonly [string, string, string];
  readonly confirmVariant?: ConfirmButtonProps["confirmVariant"];
  readonly onConfirm: ConfirmButtonProps["onConfirm"];
}) => (
  <ConfirmButton
    variant="quiet"
    size="sm"
    label={label}
    title={title}
    message={message}
    confirmLabel={label}
    confirmVariant={confirmVariant}
    onConfirm={onConfirm}
  />
);

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
      <QuietConfirm
        texts={[t("common:demoReset"), t("common:demoResetTitle"), t("common:demoResetConfirm")]}
        onConfirm={resetDemo}
      />
    );
  }
  return (
    <>
      {restoreDemoAccounts && (
        <QuietConfirm
          texts={[t("common:classroomRestore"), t("common:classroomRestoreTitle"), t("common:classroomRestoreConfirm")]}
          confirmVariant="primary"
          onConfirm={reported(restoreDemoAccounts)}
        />
      )}
      <QuietConfirm
        texts={[t("common:classroomReset"), t("common:classroomResetTitle"), t("common:classroomResetConfirm")]}
        onConfirm={reported(resetDemo)}
      />
    </>
  );
};
