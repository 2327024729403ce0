// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { createActor, fromPromise, waitFor } from "xstate";
import { sessionMachine } from "../machines/session";
import { profile } from "../../tests/fixtures/entities";
import { useSessionChanges } from "./hooks";
import type { SessionActor } from "./start";
import type { SessionAccess } from "./store";

const newActor = (): SessionActor =>
  createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(async () => ({ access: "tok-1" })),
        loadProfile: fromPromise(async () => profile),
      },
    }),
    { input: { stored: null } },
  );

/** A session that starts when `start` is called, telling its listeners as the app's store does. */
const lazySession = () => {
  let actor: SessionActor | null = null;
  const listeners = new Set<() => void>();
  const access: SessionAccess = {
    hasStored: () => false,
    ensure: async () => actor ?? start(),
    current: () => actor,
    onStart: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const start = (): SessionActor => {
    const started = newActor();
    started.start();
    actor = started;
    listeners.forEach((listener) => listener());
    return started;
  };
  return { access, start };
};

const Follower = ({ session, seen }: { session: SessionAccess; seen: string[] }) => {
  useSessionChanges(session, (before, after) =>
    seen.push(`${before ? JSON.stringify(before.value) : "-"} → ${JSON.stringify(after.value)}`),
  );
  return null;
};

describe("useSessionChanges", () => {
  it("follows a session started after it mounted from its first event, sent as soon as the start is told", async () => {
    const { access, start } = lazySession();
    const seen: string[] = [];
    render(<Follower session={access} seen={seen} />);
    expect(seen).toEqual([]);

    // As the login form does: the first event right after the start, before React renders again.
    const actor = start();
    actor.send({ type: "LOGIN", username: "admin", password: "Admin@2026" });
    await waitFor(actor, (s) => s.matches("loggedIn"));

    expect(seen[0]).toBe('- → "loggedOut"');
    expect(seen).toContain('"authenticating" → "loadingProfile"');
    expect(seen).toContain('"loadingProfile" → {"loggedIn":"fresh"}');
    actor.stop();
  });

  it("starts from the running session's state when mounted after its start, and stops following once unmounted", async () => {
    const { access, start } = lazySession();
    const actor = start();
    const seen: string[] = [];
    const { unmount } = render(<Follower session={access} seen={seen} />);
    expect(seen).toEqual(['- → "loggedOut"']);

    unmount();
    actor.send({ type: "LOGIN", username: "admin", password: "Admin@2026" });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(seen).toEqual(['- → "loggedOut"']);
    actor.stop();
  });
});
