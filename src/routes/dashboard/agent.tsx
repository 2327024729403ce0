import { createFileRoute, notFound } from "@tanstack/react-router";
import { AgentsPage } from "../../features/agents/AgentsPage";
import { currentSession } from "../../app/session-store";
import { isAdmin } from "../../machines/roles";

/** Agent management: administrators only; anyone else gets the not-found page (spec §2, §6). */
export const Route = createFileRoute("/dashboard/agent")({
  // The parent /dashboard route has started the session; only its user's roles matter here.
  beforeLoad: () => {
    if (!isAdmin(currentSession()?.getSnapshot().context.user ?? null)) throw notFound();
  },
  component: AgentsPage,
});
