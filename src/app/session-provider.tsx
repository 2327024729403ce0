import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { SessionActor } from "./session";
import { currentSession, subscribeSessionStart } from "./session-store";

/**
 * Which session actor screens talk to: one injected by tests, else the one the session store started (null
 * until a route or a sign-in attempt starts it). No xstate import here: light pages read it too.
 */
const SessionContext = createContext<SessionActor | null>(null);

export const SessionProvider = ({ actor, children }: { actor: SessionActor; children: ReactNode }) => (
  <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
);

export const useOptionalSession = (): SessionActor | null => {
  const injected = useContext(SessionContext);
  const started = useSyncExternalStore(subscribeSessionStart, currentSession, () => null);
  return injected ?? started;
};

type Snapshot = ReturnType<SessionActor["getSnapshot"]>;

/** A value read from the session's current state (re-rendering when it changes), or `fallback` before it starts. */
export const useSessionValue = <T,>(actor: SessionActor | null, select: (snapshot: Snapshot) => T, fallback: T): T =>
  useSyncExternalStore(
    (listener) => {
      const subscription = actor?.subscribe(listener);
      return () => subscription?.unsubscribe();
    },
    () => (actor ? select(actor.getSnapshot()) : fallback),
    () => fallback,
  );
