import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { safeReturnPath } from "../app/return-path";
import { LoginPage } from "../features/auth/LoginPage";
import { requireGuest, useSessionChanges } from "../session";
import { toast } from "../ui/toast";

export const Route = createFileRoute("/auth")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  beforeLoad: requireGuest,
  component: AuthRoute,
});

/** The sign-in page, left once a sign-in succeeds (docs/spec.md §4) for the page asked for, if safe, else /dashboard. */
function AuthRoute() {
  const { session } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const { t } = useTranslation();
  useSessionChanges(session, (before, after) => {
    if (!before?.matches("loadingProfile") || !after.matches("loggedIn")) return;
    toast.success(t("auth:success"));
    // Replaced: Back from the page reached must not land on a sign-in form for someone signed in.
    void router.navigate({ href: safeReturnPath(redirect), replace: true });
  });
  return <LoginPage />;
}
