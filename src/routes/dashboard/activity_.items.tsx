import { createFileRoute } from "@tanstack/react-router";
import { useCapability } from "../../app/runtime-context";
import { ActivityItemsScreen } from "../../features/agents/ActivityItemsScreen";
import { ForbiddenPage } from "../../features/shell/ForbiddenPage";
import { NotFoundPage } from "../../features/shell/NotFoundPage";
import { itemsQueryOf } from "../../machines/activity-items";
import { isAdmin } from "../../machines/roles";
import { useUser } from "../../session";

/**
 * One count of the agents' activity opened: `?from=&to=&action=[&agent=]`. Extension `lifecycle` (else not found),
 * administrators only (else 403, as the activity); an address that names no count is not found.
 */
export const Route = createFileRoute("/dashboard/activity_/items")({
  validateSearch: (raw: Record<string, unknown>) => raw,
  component: ActivityItemsRoute,
});

function ActivityItemsRoute() {
  const user = useUser();
  const lifecycleOn = useCapability("lifecycle");
  const query = itemsQueryOf(Route.useSearch());
  if (!lifecycleOn || query === null) return <NotFoundPage />;
  if (!isAdmin(user)) return <ForbiddenPage />;
  return <ActivityItemsScreen key={JSON.stringify(query)} query={query} />;
}
