// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished, vi, type Mock } from "vitest";
import { isRedirect } from "@tanstack/react-router";
import { createActor } from "xstate";
import { hasStoredSession, SESSION_KEY } from "../browser/local-storage";
import { sessionMachine, type StoredSession } from "../machines/session";
import { Route as authRoute } from "../routes/auth";
import { Route as dashboardRoute } from "../routes/dashboard";
import type { SessionActor } from "./start";
import type { SessionAccess } from "./store";

const stored: StoredSession = {
  token: "tok-1",
  user: {
    id: 1,
    username: "admin",
    email: "aicha.bello@campus.cm",
    firstName: "Aïcha",
    lastName: "Bello",
    roles: ["Admin"],
  },
  savedAt: Date.now(),
};

/**
 * The router context's session over this test's local storage: the light check is the app's own, and starting
 * the session restores the statechart from `restores` (what the app's start would decode from storage).
 */
const sessionOver = (restores: StoredSession | null): SessionAccess & { ensure: Mock<SessionAccess["ensure"]> } => {
  return {
    hasStored: hasStoredSession,
    ensure: vi.fn(async (): Promise<SessionActor> => {
      const actor = createActor(sessionMachine, { input: { stored: restores } }).start();
      onTestFinished(() => {
        actor.stop();
      });
      return actor;
    }),
    current: () => null,
    onStart: () => () => {},
  };
};

/** Runs a route's beforeLoad as the router would for `href`; answers the redirect it threw, or null. */
const visit = async (route: typeof authRoute | typeof dashboardRoute, session: SessionAccess, href: string) => {
  const beforeLoad = route.options.beforeLoad as (args: {
    context: { session: SessionAccess };
    location: { href: string };
  }) => unknown;
  try {
    await beforeLoad({ context: { session }, location: { href } });
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return thrown.options;
  }
};

afterEach(() => localStorage.clear());

describe("/dashboard's guard", () => {
  it("sends a signed-out visitor to /auth, carrying where they wanted to go", async () => {
    const redirect = await visit(dashboardRoute, sessionOver(null), "/dashboard/student/demand?status=all#top");
    expect(redirect?.to).toBe("/auth");
    expect(redirect?.search).toEqual({ redirect: "/dashboard/student/demand?status=all#top" });
  });

  it("sends to /auth a visitor whose stored session does not restore (a record the session's schema turns down)", async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: "tok-1", user: "not a user record" }));
    const redirect = await visit(dashboardRoute, sessionOver(null), "/dashboard");
    expect(redirect?.to).toBe("/auth");
    expect(redirect?.search).toEqual({ redirect: "/dashboard" });
  });

  it("lets a signed-in user in", async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    expect(await visit(dashboardRoute, sessionOver(stored), "/dashboard/profile")).toBeNull();
  });
});

describe("/auth's guard", () => {
  it("sends a signed-in user to /dashboard", async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    const redirect = await visit(authRoute, sessionOver(stored), "/auth?redirect=%2Fdashboard%2Fagent");
    expect(redirect?.to).toBe("/dashboard");
  });

  it("lets a visitor with no stored session in without starting the session machinery", async () => {
    const session = sessionOver(stored);
    expect(await visit(authRoute, session, "/auth")).toBeNull();
    expect(session.ensure).not.toHaveBeenCalled();
  });

  it("lets in a visitor whose stored session does not restore (the session has checked it)", async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: "tok-1", user: "not a user record" }));
    const session = sessionOver(null);
    expect(await visit(authRoute, session, "/auth")).toBeNull();
    expect(session.ensure).toHaveBeenCalledOnce();
  });
});
