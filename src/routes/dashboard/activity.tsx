import { createFileRoute } from "@tanstack/react-router";
import { useCapability } from "../../app/runtime-context";
import { AgentActivityScreen } from "../../features/agents/AgentActivityScreen";
import { ForbiddenPage } from "../../features/shell/ForbiddenPage";
import { NotFoundPage } from "../../features/shell/NotFoundPage";
import { isAdmin } from "../../machines/roles";
import { useUser } from "../../session";

/** The agents' activity: extension `lifecycle` (else not found), administrators only (else 403, as /dashboard/agent). */
/** `?agent=<username>`: one agent's activity (the agents page links to it). */
const validateActivitySearch = (raw: Record<string, unknown>): { agent?: string } =>
  typeof raw.agent === "string" && raw.agent.trim() !== "" ? { agent: raw.agent.trim() } : {};

export const Route = createFileRoute("/dashboard/activity")({
  validateSearch: validateActivitySearch,
  component: ActivityRoute,
});

function ActivityRoute() {
  const user = useUser();
  const lifecycleOn = useCapability("lifecycle");
  const { agent } = Route.useSearch();
  if (!lifecycleOn) return <NotFoundPage />;
  return isAdmin(user) ? <AgentActivityScreen key={agent ?? ""} agent={agent ?? null} /> : <ForbiddenPage />;
}
