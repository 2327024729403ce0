import { createFileRoute } from "@tanstack/react-router";
import { requireSession } from "../session";
import { DashboardLayout } from "../features/layout/DashboardLayout";
import { NotFoundPage } from "../features/shell/NotFoundPage";

export const Route = createFileRoute("/dashboard")({
  beforeLoad: requireSession,
  component: DashboardLayout,
  notFoundComponent: NotFoundPage,
});
