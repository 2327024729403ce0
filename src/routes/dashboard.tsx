import { createFileRoute } from "@tanstack/react-router";
import { requireSession } from "../app/guards";
import { DashboardLayout } from "../features/layout/DashboardLayout";
import { NotFoundPage } from "../features/shell/NotFoundPage";

export const Route = createFileRoute("/dashboard")({
  beforeLoad: requireSession,
  component: DashboardLayout,
  notFoundComponent: NotFoundPage,
});
