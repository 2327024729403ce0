import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { currentSession, subscribeSessionStart } from "../../session";
import { OfflineBanner } from "../shell/OfflineBanner";
import { Toaster } from "../../ui/toast";
import { useDocumentTitle } from "./document-title";

// Only pages that started a session need it (and its return-path rules).
const SessionNavigator = lazy(() => import("./SessionNavigator").then((module) => ({ default: module.SessionNavigator })));

/**
 * Everything every page shares: toasts (their react-aria region loads with the first toast), the offline
 * notice, and, once a route has started the session, navigation on sign-in and sign-out.
 */
export const RootShell = ({ children }: { children: ReactNode }) => {
  const session = useSyncExternalStore(subscribeSessionStart, currentSession, () => null);
  useDocumentTitle();
  return (
    <>
      {session && (
        <Suspense fallback={null}>
          <SessionNavigator session={session} />
        </Suspense>
      )}
      <OfflineBanner />
      {children}
      <Toaster />
    </>
  );
};
