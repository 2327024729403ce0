import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DashboardLayout } from "../features/layout/DashboardLayout";
import { NotFoundPage } from "../features/shell/NotFoundPage";
import { requireSession, useSessionChanges } from "../session";
import { toast } from "../ui/toast";

export const Route = createFileRoute("/dashboard")({
  beforeLoad: requireSession,
  component: DashboardRoute,
  notFoundComponent: NotFoundPage,
});

/**
 * The back office, left for /auth when its session ends (docs/spec.md §4): after a logout, here or in another tab, or a
 * 401 during use, which carries the page the user was on so that signing in again returns there. An end between
 * the guard's check and this page's first render counts too.
 */
function DashboardRoute() {
  const { session } = Route.useRouteContext();
  const router = useRouter();
  const { t } = useTranslation();
  useSessionChanges(session, (before, after) => {
    const ended =
      after.matches("loggedOut") && (before === null || before.matches("loggedIn") || before.matches("loggingOut"));
    if (!ended) return;
    if (after.context.endedBy === "unauthorized") {
      toast.warning(t("errors:unauthorized"));
      void router.navigate({ to: "/auth", search: { redirect: router.state.location.href }, replace: true });
    } else {
      void router.navigate({ to: "/auth", search: {}, replace: true });
    }
  });
  return <DashboardLayout />;
}
