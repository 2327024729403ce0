import { useEffect, type FormEvent } from "react";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { PasswordField } from "../../forms/password";
import type { passwordMachine } from "../../machines/password";
import { focusField } from "../../ui/ErrorSummary";
import { FormDialog } from "../../ui/FormDialog";
import { NativeTextField } from "../../ui/NativeTextField";
import { toast } from "../../ui/toast";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";

export type PasswordActor = ActorRefFrom<typeof passwordMachine>;

const fieldOrder: readonly PasswordField[] = ["current", "password", "confirm"];
export const passwordFieldId = (field: PasswordField) => `password-${field}`;

export interface PasswordDialogProps {
  readonly actor: PasswordActor;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
}

/**
 * Update Password (docs/spec.md §2, §5, §8): current password, new password with the rules and a strength meter,
 * confirmation. A wrong current password is said under its field; success closes the dialog with a toast.
 */
export const PasswordDialog = ({ actor, isOpen, onOpenChange }: PasswordDialogProps) => {
  const { t } = useTranslation();
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const updating = useSelector(actor, (s) => s.matches("updating"));
  const failedKey = useSelector(actor, (s) => (s.matches("failed") ? s.context.errorKey : null));

  // Every opening starts from an empty form; closing drops what was typed.
  useEffect(() => {
    actor.send({ type: "RESET" });
  }, [isOpen, actor]);

  useEffect(() => {
    const updated = actor.on("passwordUpdated", () => {
      toast.success(t("errors:passwordUpdated"));
      onOpenChange(false);
    });
    const failed = actor.on("passwordFailed", () => {
      const first = fieldOrder.find((field) => actor.getSnapshot().context.fieldErrors[field]);
      if (first) focusField(passwordFieldId(first));
    });
    return () => {
      updated.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, t, onOpenChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "SUBMIT" });
    const snapshot = actor.getSnapshot();
    if (snapshot.matches("editing")) {
      const first = fieldOrder.find((field) => snapshot.context.fieldErrors[field]);
      if (first) focusField(passwordFieldId(first));
    }
  };

  const field = (
    name: PasswordField,
    labelKey: string,
    autoComplete: string,
    extra: { description?: string; autoFocus?: boolean } = {},
  ) => {
    const error = fieldErrors[name];
    return (
      <NativeTextField
        id={passwordFieldId(name)}
        name={name}
        type="password"
        label={t(labelKey)}
        autoComplete={autoComplete}
        isRequired
        value={values[name]}
        onChange={(value) => actor.send({ type: "CHANGE", field: name, value })}
        errorMessage={error ? t(error) : undefined}
        {...extra}
      />
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t("profile:updatePassword")}
      description={t("profile:updatePasswordDescription")}
      failure={failedKey ? t(failedKey) : null}
      busy={updating}
      submitLabel={t("profile:save")}
      onSubmit={submit}
    >
      {/* Hidden username: password managers pair the new password with the right account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={actor.getSnapshot().context.username}
        readOnly
        hidden
      />
      {field("current", "profile:currentPassword", "current-password", { autoFocus: true })}
      <div className="flex flex-col gap-2">
        {field("password", "profile:newPassword", "new-password", { description: t("profile:passwordHint") })}
        <PasswordStrengthMeter password={values.password} />
      </div>
      {field("confirm", "profile:confirmPassword", "new-password")}
    </FormDialog>
  );
};
