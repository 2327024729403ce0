import { useTranslation } from "react-i18next";
import type { Agent } from "../../api";
import { isActive, type AgentAction } from "../../machines/agent-admin";
import { Button } from "../../ui/Button";
import type { AgentAdminActor } from "./AgentAdminDialogs";

/** Extension `agent-admin`: an agent's row offers Edit, Disable (or Enable) and a new password, each named for them. */
export function AgentAdminButtons({ admin, agent }: { readonly admin: AgentAdminActor; readonly agent: Agent }) {
  const { t } = useTranslation();
  const active = isActive(agent);
  const buttons: ReadonlyArray<{ action: AgentAction; label: string; name: string }> = [
    { action: "edit", label: "agent:edit", name: "agent:editNamed" },
    active
      ? { action: "toggle", label: "agent:disable", name: "agent:disableNamed" }
      : { action: "toggle", label: "agent:enable", name: "agent:enableNamed" },
    { action: "reset", label: "agent:reset", name: "agent:resetNamed" },
  ];
  return buttons.map(({ action, label, name }) => (
    <Button
      key={action}
      size="sm"
      variant="secondary"
      className="me-2"
      aria-label={t(name, { username: agent.username })}
      onPress={() => admin.send({ type: "OPEN", agent, action })}
    >
      {t(label)}
    </Button>
  ));
}
