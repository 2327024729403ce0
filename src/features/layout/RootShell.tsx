import type { ReactNode } from "react";
import { useRouter } from "@tanstack/react-router";
import { RouterProvider as AriaRouterProvider } from "react-aria-components";
import { AriaLocaleProvider } from "../../i18n/AriaLocaleProvider";
import { OfflineBanner } from "../shell/OfflineBanner";
import { Toaster } from "../../ui";
import { SessionNavigator } from "./SessionNavigator";

/** Everything every page shares: client-side links for react-aria, toasts, offline notice, session navigation. */
export const RootShell = ({ children }: { children: ReactNode }) => {
  const router = useRouter();
  return (
    <AriaRouterProvider
      navigate={(href) => void router.navigate({ href })}
      useHref={(href) => (href.startsWith("/") ? router.buildLocation({ to: href }).href : href)}
    >
      <AriaLocaleProvider>
        <SessionNavigator />
        <OfflineBanner />
        {children}
        <Toaster />
      </AriaLocaleProvider>
    </AriaRouterProvider>
  );
};
