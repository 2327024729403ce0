import type { ReactNode } from "react";
import { OfflineBanner } from "../shell/OfflineBanner";
import { Toaster } from "../../ui/toast";
import { useDocumentTitle } from "./document-title";

/**
 * Everything every page shares: toasts (their react-aria region loads with the first toast) and the offline
 * notice. Where sign-in and sign-out lead is the /auth and /dashboard routes' concern.
 */
export const RootShell = ({ children }: { children: ReactNode }) => {
  useDocumentTitle();
  return (
    <>
      <OfflineBanner />
      {children}
      <Toaster />
    </>
  );
};
