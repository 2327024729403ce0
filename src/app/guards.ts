import { redirect, type ParsedLocation } from "@tanstack/react-router";
import type { RouterContext } from "./router";

export const isSignedIn = (context: RouterContext) => context.session.getSnapshot().matches("loggedIn");

/** Protected routes: an anonymous visitor goes to /auth, carrying where they wanted to go. */
export const requireSession = ({ context, location }: { context: RouterContext; location: ParsedLocation }) => {
  if (!isSignedIn(context)) {
    throw redirect({ to: "/auth", search: { redirect: location.href } });
  }
};

/** The login page is for guests: a signed-in user goes to the dashboard (spec §2). */
export const requireGuest = ({ context }: { context: RouterContext }) => {
  if (isSignedIn(context)) throw redirect({ to: "/dashboard" });
};
