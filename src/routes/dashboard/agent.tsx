import { createFileRoute, notFound } from "@tanstack/react-router";
import { AgentsPage } from "../../features/agents/AgentsPage";
import { isAdmin } from "../../machines/session";

/** Agent management: administrators only; anyone else gets the not-found page (spec §2, §6). */
export const Route = createFileRoute("/dashboard/agent")({
  beforeLoad: ({ context }) => {
    if (!isAdmin(context.session.getSnapshot().context.user)) throw notFound();
  },
  component: AgentsPage,
});
