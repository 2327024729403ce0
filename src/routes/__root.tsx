import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { RouterContext } from "../app/router";
import { RootShell } from "../features/layout/RootShell";
import { NotFoundPage } from "../features/shell/NotFoundPage";
import { RouteErrorPage } from "../features/layout/RouteErrorPage";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <RootShell>
      <Outlet />
    </RootShell>
  ),
  notFoundComponent: () => <NotFoundPage landmark />,
  errorComponent: RouteErrorPage,
});
