import { createRouter } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen";
import { sessionAccess } from "../session";

export const createAppRouter = () =>
  createRouter({
    routeTree,
    // Guards and routes read the session here (TanStack's authenticated-routes pattern), not from a module.
    context: { session: sessionAccess },
    defaultPreload: "intent",
    scrollRestoration: true,
  });

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
