import { redirect } from "@tanstack/react-router";
import type { RouterContext } from "./store";

/** What a route's beforeLoad is given, as far as the guards read it. */
interface GuardArgs {
  readonly context: RouterContext;
  readonly location: { readonly href: string };
}

/** Protected routes: an anonymous visitor goes to /auth, carrying where they wanted to go. */
export const requireSession = async ({ context, location }: GuardArgs) => {
  const session = await context.session.ensure();
  if (!session.getSnapshot().matches("loggedIn")) {
    throw redirect({ to: "/auth", search: { redirect: location.href } });
  }
};

/**
 * The login page is for guests: a signed-in user goes to the dashboard (docs/spec.md §2). A visitor with no stored
 * session needs no session machinery yet: it loads with the first sign-in attempt.
 */
export const requireGuest = async ({ context }: GuardArgs) => {
  if (!context.session.hasStored()) return;
  const session = await context.session.ensure();
  if (session.getSnapshot().matches("loggedIn")) throw redirect({ to: "/dashboard" });
};
