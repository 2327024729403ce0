import { redirect, type ParsedLocation } from "@tanstack/react-router";
import { hasStoredSession } from "../app/local-storage";
import { ensureSession } from "./store";

/** Protected routes: an anonymous visitor goes to /auth, carrying where they wanted to go. */
export const requireSession = async ({ location }: { location: ParsedLocation }) => {
  const session = await ensureSession();
  if (!session.getSnapshot().matches("loggedIn")) {
    throw redirect({ to: "/auth", search: { redirect: location.href } });
  }
};

/**
 * The login page is for guests: a signed-in user goes to the dashboard (spec §2). A visitor with no stored
 * session needs no session machinery yet: it loads with the first sign-in attempt.
 */
export const requireGuest = async () => {
  if (!hasStoredSession()) return;
  const session = await ensureSession();
  if (session.getSnapshot().matches("loggedIn")) throw redirect({ to: "/dashboard" });
};
