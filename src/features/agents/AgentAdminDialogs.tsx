import { useEffect, useState, type FormEvent } from "react";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import { isMessageKey, serverMessage } from "../../api/messages";
import {
  isActive,
  type AgentAdminErrors,
  type agentAdminMachine,
  type AgentNames,
  type NewPassword,
} from "../../machines/agent-admin";
import { AlertDialog } from "../../ui/AlertDialog";
import { focusField } from "../../ui/ErrorSummary";
import { FormDialog } from "../../ui/FormDialog";
import { NativeTextField, type NativeTextFieldProps } from "../../ui/NativeTextField";
import { PasswordStrengthMeter } from "../profile/PasswordStrengthMeter";

export type AgentAdminActor = ActorRefFrom<typeof agentAdminMachine>;

type Field = keyof AgentNames | keyof NewPassword;
const fieldId = (field: Field) => `agent-admin-${field.replace("_", "-")}`;
const order: readonly Field[] = ["first_name", "last_name", "email", "password", "confirm"];

/**
 * Extension `agent-admin`: the three dialogs of an agent's row, one open at a time as the machine says: edit the
 * names and e-mail, disable or enable the account (a confirmation saying the history stays), set a new password.
 */
export function AgentAdminDialogs({ actor }: { readonly actor: AgentAdminActor }) {
  const { t } = useTranslation();
  const agent = useSelector(actor, (s) => s.context.agent);
  const action = useSelector(actor, (s) => s.context.action);
  const sending = useSelector(actor, (s) => s.matches("sending"));
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const serverErrors = useSelector(actor, (s) => s.context.serverErrors);
  const [names, setNames] = useState<AgentNames>({ first_name: "", last_name: "", email: "" });
  const [password, setPassword] = useState<NewPassword>({ password: "", confirm: "" });

  // Each opening starts from the agent as listed, and from an empty password.
  useEffect(() => {
    if (!agent) return;
    // oxlint-disable-next-line react/set-state-in-effect -- the form follows the agent the dialog opened for
    setNames({ first_name: agent.first_name, last_name: agent.last_name, email: agent.email });
    setPassword({ password: "", confirm: "" });
  }, [agent]);

  const close = (open: boolean) => {
    if (!open) actor.send({ type: "CLOSE" });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send(action === "reset" ? { type: "SUBMIT", password } : { type: "SUBMIT", names });
    const refused: AgentAdminErrors = actor.getSnapshot().context.fieldErrors;
    const first = order.find((field) => refused[field]);
    if (first) focusField(fieldId(first));
  };
  const errorOf = (field: Field): string | undefined => {
    const key = fieldErrors[field];
    if (key) return t(key);
    const server = serverErrors[field];
    if (!server) return undefined;
    const message = serverMessage(server);
    return isMessageKey(message) ? t(message) : message;
  };
  const field = (
    name: Field,
    value: string,
    onChange: (value: string) => void,
    extra: Partial<NativeTextFieldProps>,
  ) => (
    <NativeTextField
      id={fieldId(name)}
      name={name}
      label={t(`agent:fields.${name}`)}
      value={value}
      onChange={onChange}
      errorMessage={errorOf(name)}
      {...extra}
    />
  );
  const failure = errorKey ? t(errorKey) : null;
  const username = agent?.username ?? "";

  if (agent && action === "toggle") {
    const disabling = isActive(agent);
    return (
      <AlertDialog
        isOpen
        onOpenChange={close}
        title={t(disabling ? "agent:disableConfirm" : "agent:enableConfirm")}
        confirmLabel={t(disabling ? "agent:disable" : "agent:enable")}
        variant={disabling ? "destructive" : "primary"}
        isPending={sending}
        onConfirm={() => actor.send({ type: "SUBMIT" })}
      >
        <p>{t(disabling ? "agent:disableDetail" : "agent:enableDetail", { username })}</p>
        {failure && (
          <p role="alert" className="mt-3 rounded-lg bg-error-bg p-3 text-error-fg">
            {failure}
          </p>
        )}
      </AlertDialog>
    );
  }
  const editing = agent !== null && action === "edit";
  const resetting = agent !== null && action === "reset";
  const set = (name: keyof AgentNames) => (value: string) => setNames((current) => ({ ...current, [name]: value }));
  const setTyped = (name: keyof NewPassword) => (value: string) =>
    setPassword((current) => ({ ...current, [name]: value }));
  return (
    <>
      <FormDialog
        isOpen={editing}
        onOpenChange={close}
        title={t("agent:editTitle", { username })}
        description={t("agent:editDescription")}
        failure={editing ? failure : null}
        busy={sending}
        submitLabel={t("agent:editSubmit")}
        onSubmit={submit}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field("first_name", names.first_name, set("first_name"), { autoComplete: "off", autoFocus: true })}
          {field("last_name", names.last_name, set("last_name"), { autoComplete: "off" })}
        </div>
        {field("email", names.email, set("email"), { type: "email", autoComplete: "off" })}
      </FormDialog>
      <FormDialog
        isOpen={resetting}
        onOpenChange={close}
        title={t("agent:resetTitle", { username })}
        description={t("agent:resetDescription")}
        failure={resetting ? failure : null}
        busy={sending}
        submitLabel={t("agent:resetSubmit")}
        onSubmit={submit}
      >
        <div className="flex flex-col gap-2">
          {field("password", password.password, setTyped("password"), {
            type: "password",
            isRequired: true,
            autoComplete: "new-password",
            autoFocus: true,
            description: t("agent:passwordHint"),
          })}
          <PasswordStrengthMeter password={password.password} />
        </div>
        {field("confirm", password.confirm, setTyped("confirm"), {
          type: "password",
          isRequired: true,
          autoComplete: "new-password",
        })}
      </FormDialog>
    </>
  );
}
