import { createRouter } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen";
import type { SessionActor } from "./session";

export interface RouterContext {
  readonly session: SessionActor;
}

export const createAppRouter = (session: SessionActor) =>
  createRouter({
    routeTree,
    context: { session },
    defaultPreload: "intent",
    scrollRestoration: true,
  });

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
