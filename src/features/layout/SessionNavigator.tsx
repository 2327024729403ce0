import { useEffect } from "react";
import { useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { safeReturnPath } from "../../app/return-path";
import type { SessionActor } from "../../session";
import { toast } from "../../ui/toast";

/**
 * Turns session transitions into navigation (spec §4): after login go to the requested page or /dashboard;
 * after logout, or a 401 during use, go to /auth (carrying the current page when the session expired).
 */
export const SessionNavigator = ({ session }: { session: SessionActor }) => {
  const router = useRouter();
  const { t } = useTranslation();

  useEffect(() => {
    const signedIn = () => {
      toast.success(t("auth:success"));
      const search = router.state.location.search as { redirect?: unknown };
      void router.navigate({ href: safeReturnPath(search.redirect), replace: true });
    };
    const signedOut = (endedBy: "logout" | "unauthorized" | null) => {
      const here = router.state.location;
      if (endedBy === "unauthorized") {
        toast.warning(t("errors:unauthorized"));
        void router.navigate({ to: "/auth", search: { redirect: here.href }, replace: true });
      } else {
        void router.navigate({ to: "/auth", search: {}, replace: true });
      }
    };

    // This component loads lazily, after the session started: settle what may have happened meanwhile
    // (a sign-in answered at once, another tab signing out) before following transitions.
    let previous = session.getSnapshot();
    const path = router.state.location.pathname;
    if (previous.matches("loggedIn") && path === "/auth") signedIn();
    else if (previous.matches("loggedOut") && path.startsWith("/dashboard")) signedOut(previous.context.endedBy);

    const subscription = session.subscribe((snapshot) => {
      const before = previous;
      previous = snapshot;
      if (before.matches("loadingProfile") && snapshot.matches("loggedIn")) signedIn();
      else if ((before.matches("loggedIn") || before.matches("loggingOut")) && snapshot.matches("loggedOut")) {
        signedOut(snapshot.context.endedBy);
      }
    });
    return () => subscription.unsubscribe();
  }, [session, router, t]);

  return null;
};
