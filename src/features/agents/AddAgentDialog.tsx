import { useEffect, useState, type FormEvent } from "react";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { NewAgent } from "../../api";
import { isMessageKey, serverMessage } from "../../api/messages";
import { agentFieldErrors, type agentsMachine } from "../../machines/agents";
import { focusField } from "../../ui/ErrorSummary";
import { FormDialog } from "../../ui/FormDialog";
import { NativeTextField, type NativeTextFieldProps } from "../../ui/NativeTextField";
import { PasswordStrengthMeter } from "../profile/PasswordStrengthMeter";

export type AgentsActor = ActorRefFrom<typeof agentsMachine>;

const emptyAgent: NewAgent = { username: "", first_name: "", last_name: "", email: "", password: "" };
/** Field order on screen: the first invalid one takes focus after a refused submit. */
const fieldOrder: readonly (keyof NewAgent)[] = ["username", "first_name", "last_name", "email", "password"];
export const agentFieldId = (field: keyof NewAgent) => `agent-${field.replace("_", "-")}`;

export interface AddAgentDialogProps {
  readonly actor: AgentsActor;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
}

/**
 * The add-agent dialog (docs/spec.md §2): username, first name, last name, e-mail, password with the §5 rules and a
 * strength meter. Errors sit under their fields; "Agent already exists" (400) under the username, with everything
 * typed kept. The machine refuses a second CREATE while one is running, so a double submit creates once.
 */
export const AddAgentDialog = ({ actor, isOpen, onOpenChange }: AddAgentDialogProps) => {
  const { t } = useTranslation();
  const [values, setValues] = useState<NewAgent>(emptyAgent);
  const [submitted, setSubmitted] = useState(false);
  const creating = useSelector(actor, (s) => s.matches({ create: "creating" }));
  const exists = useSelector(actor, (s) => s.matches({ create: "exists" }));
  const failedKey = useSelector(actor, (s) => (s.matches({ create: "failed" }) ? s.context.createErrorKey : null));
  const draft = useSelector(actor, (s) => s.context.draft);
  const serverErrors = useSelector(actor, (s) =>
    s.matches({ create: "failed" }) ? s.context.serverFieldErrors : null,
  );

  // A fresh, empty form each time the dialog opens.
  useEffect(() => {
    if (!isOpen) return;
    // oxlint-disable-next-line react/set-state-in-effect -- the form and the machine's create state are reset together on opening
    setValues(emptyAgent);
    setSubmitted(false);
    actor.send({ type: "CLOSE_CREATE" });
  }, [isOpen, actor]);

  // "Agent already exists": the username is the field to change.
  useEffect(() => {
    if (exists) focusField(agentFieldId("username"));
  }, [exists]);

  // Once a submit was refused, errors follow what is typed.
  const errors = submitted ? agentFieldErrors(values) : {};
  const existsHere = exists && draft !== null && values.username.trim() === draft.username;
  const errorOf = (field: keyof NewAgent): string | undefined => {
    if (field === "username" && existsHere) return t("errors:agentExists");
    const key = errors[field];
    if (key) return t(key);
    // The server's word on a field, while the field still holds what was sent.
    const server = serverErrors?.[field];
    const sent = field === "password" ? values[field] : values[field].trim();
    if (server && draft && sent === draft[field]) {
      const message = serverMessage(server);
      return isMessageKey(message) ? t(message) : message;
    }
    return undefined;
  };

  const set = (field: keyof NewAgent) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    setSubmitted(true);
    const refused = agentFieldErrors(values);
    actor.send({ type: "CREATE", agent: values });
    const first = fieldOrder.find((field) => refused[field]);
    if (first) focusField(agentFieldId(first));
  };

  const field = (name: keyof NewAgent, extra: Partial<NativeTextFieldProps> = {}) => {
    const error = errorOf(name);
    return (
      <NativeTextField
        id={agentFieldId(name)}
        name={name}
        label={t(`agent:fields.${name}`)}
        value={values[name]}
        onChange={set(name)}
        errorMessage={error}
        {...extra}
      />
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t("agent:addTitle")}
      description={t("agent:addDescription")}
      failure={failedKey ? t(failedKey) : null}
      busy={creating}
      submitLabel={t("agent:addSubmit")}
      onSubmit={submit}
    >
      {field("username", { isRequired: true, autoComplete: "off", autoFocus: true })}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {field("first_name", { autoComplete: "off" })}
        {field("last_name", { autoComplete: "off" })}
      </div>
      {field("email", { type: "email", autoComplete: "off" })}
      <div className="flex flex-col gap-2">
        {field("password", {
          type: "password",
          isRequired: true,
          autoComplete: "new-password",
          description: t("agent:passwordHint"),
        })}
        <PasswordStrengthMeter password={values.password} />
      </div>
    </FormDialog>
  );
};
