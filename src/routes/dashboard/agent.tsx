import { createFileRoute } from "@tanstack/react-router";
import { AgentsPage } from "../../features/agents/AgentsPage";
import { ForbiddenPage } from "../../features/shell/ForbiddenPage";
import { useUser } from "../../session";
import { isAdmin } from "../../machines/roles";

/** Agent management: administrators only (docs/spec.md §2); anyone else is told the page is not theirs (403). */
export const Route = createFileRoute("/dashboard/agent")({
  component: AgentRoute,
});

function AgentRoute() {
  const user = useUser();
  return isAdmin(user) ? <AgentsPage /> : <ForbiddenPage />;
}
