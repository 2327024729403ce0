import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { i18n } from "../i18n";
import { namespacesFor } from "../i18n/route-namespaces";
import { RootShell } from "../features/layout/RootShell";
import { NotFoundPage } from "../features/shell/NotFoundPage";
import { PublicLayout } from "../features/layout/PublicLayout";
import { RouteErrorPage } from "../features/layout/RouteErrorPage";
import type { RouterContext } from "../session";

export const Route = createRootRouteWithContext<RouterContext>()({
  // Translations a page needs are in before it renders (the landing loads only its own).
  beforeLoad: ({ location }) => i18n.loadNamespaces([...namespacesFor(location.pathname)]),
  component: () => (
    <RootShell>
      <Outlet />
    </RootShell>
  ),
  // An address that is no page keeps the site's header and footer: the way home, sign-in, the language picker.
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  ),
  errorComponent: RouteErrorPage,
});
