import { createFileRoute } from "@tanstack/react-router";
import { useCapability } from "../../app/runtime-context";
import { AgentActivityScreen } from "../../features/agents/AgentActivityScreen";
import { ForbiddenPage } from "../../features/shell/ForbiddenPage";
import { NotFoundPage } from "../../features/shell/NotFoundPage";
import { isAdmin } from "../../machines/roles";
import { useUser } from "../../session";

/** The agents' activity: extension `lifecycle` (else not found), administrators only (else 403, as /dashboard/agent). */
export const Route = createFileRoute("/dashboard/activity")({ component: ActivityRoute });

function ActivityRoute() {
  const user = useUser();
  const lifecycleOn = useCapability("lifecycle");
  if (!lifecycleOn) return <NotFoundPage />;
  return isAdmin(user) ? <AgentActivityScreen /> : <ForbiddenPage />;
}
