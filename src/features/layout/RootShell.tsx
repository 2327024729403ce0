import type { ReactNode } from "react";
import { OfflineBanner } from "../shell/OfflineBanner";
import { ClassroomBanner } from "./ClassroomBanner";
import { useEffect } from "react";
import { useRouterState } from "@tanstack/react-router";
import { closeToastsOffPage, Toaster } from "../../ui/toast";
import { useDocumentTitle } from "./document-title";
import { usePageFocus } from "./page-focus";

/**
 * Everything every page shares: toasts (their react-aria region loads with the first toast), the offline
 * notice and, in the classroom demo, its banner; a page's toasts closed when another page opens; focus on the new page's heading after a navigation. Where
 * sign-in and sign-out lead is the /auth and /dashboard routes' concern.
 */
export const RootShell = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  usePageFocus();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => closeToastsOffPage(pathname), [pathname]);
  return (
    <>
      <ClassroomBanner />
      <OfflineBanner />
      {children}
      <Toaster />
    </>
  );
};
