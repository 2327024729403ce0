import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from "react";
import { createRoot } from "../app/react-dom";
import { App } from "../App";
import { boot } from "../app/boot";
import { BOOT } from "./boot-attributes";
import { nextTask } from "../browser/next-task";
import { hasStoredSession } from "../browser/local-storage";
import { ensureSession } from "../session";
import { AppErrorFallback } from "../features/shell/AppErrorFallback";
import { LoadingScreen } from "../features/shell/LoadingScreen";

/**
 * Marks the moment React owns the page: the prerendered HTML has been replaced. The build's prerendering and
 * the browser tests wait for `data-app-ready` ("error" when the app could not start).
 */
const TakeOver = ({
  container,
  failed = false,
  children,
}: {
  container: HTMLElement;
  failed?: boolean;
  children: ReactNode;
}) => {
  useLayoutEffect(() => {
    container.removeAttribute(BOOT.prerendered);
    container.setAttribute(BOOT.appReady, failed ? "error" : "");
  }, [container, failed]);
  return children;
};

/**
 * Boots the app into `container`. A prerendered page stays on screen until the app can render the same route
 * in full (config, translations, route chunks loaded): the swap is then invisible. The first render is a
 * transition so React yields to the browser while it builds the page instead of blocking the main thread.
 */
export const start = (container: HTMLElement, prerendered: boolean) => {
  const root = createRoot(container);
  if (!prerendered) root.render(<LoadingScreen />);
  boot()
    .then(async (booted) => {
      // A signed-in agent's back office starts with the session, which its guard would ask for while the route's
      // chunks are being asked for: started first, its scripts are evaluated in tasks of their own.
      if (location.pathname.startsWith("/dashboard") && hasStoredSession())
        await ensureSession().catch(() => undefined);
      // Matching and loading the route in a task after the router's creation: together they made one long task.
      await nextTask();
      await booted.router.load();
      // Loading the route ran its loaders and evaluated its chunks: the first render starts in a task of its own.
      await nextTask();
      startTransition(() =>
        root.render(
          <StrictMode>
            <TakeOver container={container}>
              <App {...booted} />
            </TakeOver>
          </StrictMode>,
        ),
      );
    })
    .catch((error: unknown) =>
      root.render(
        <TakeOver container={container} failed>
          <AppErrorFallback error={error} />
        </TakeOver>,
      ),
    );
};
