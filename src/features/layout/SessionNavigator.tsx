import { useEffect } from "react";
import { useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { safeReturnPath } from "../../app/return-path";
import type { SessionActor } from "../../app/session";
import { toast } from "../../ui/toast";

/**
 * Turns session transitions into navigation (spec §4): after login go to the requested page or /dashboard;
 * after logout, or a 401 during use, go to /auth (carrying the current page when the session expired).
 */
export const SessionNavigator = ({ session }: { session: SessionActor }) => {
  const router = useRouter();
  const { t } = useTranslation();

  useEffect(() => {
    let previous = session.getSnapshot();
    const subscription = session.subscribe((snapshot) => {
      const before = previous;
      previous = snapshot;
      if (before.matches("loadingProfile") && snapshot.matches("loggedIn")) {
        toast.success(t("auth:success"));
        const search = router.state.location.search as { redirect?: unknown };
        void router.navigate({ href: safeReturnPath(search.redirect), replace: true });
        return;
      }
      const wasIn = before.matches("loggedIn") || before.matches("loggingOut");
      if (wasIn && snapshot.matches("loggedOut")) {
        const here = router.state.location;
        if (snapshot.context.endedBy === "unauthorized") {
          toast.warning(t("errors:unauthorized"));
          void router.navigate({ to: "/auth", search: { redirect: here.href }, replace: true });
        } else {
          void router.navigate({ to: "/auth", search: {}, replace: true });
        }
      }
    });
    return () => subscription.unsubscribe();
  }, [session, router, t]);

  return null;
};
