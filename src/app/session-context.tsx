import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import type { SessionActor } from "./session";
import { currentSession, subscribeSessionStart } from "./session-store";

/** Tests inject an actor; the app uses the one the session store started. */
const SessionContext = createContext<SessionActor | null>(null);

export const SessionProvider = ({ actor, children }: { actor: SessionActor; children: ReactNode }) => (
  <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
);

/** The session actor; only under routes whose guards started it (/auth, /dashboard). */
export const useSessionActor = (): SessionActor => {
  const injected = useContext(SessionContext);
  const started = useSyncExternalStore(subscribeSessionStart, currentSession, () => null);
  const actor = injected ?? started;
  if (!actor) throw new Error("useSessionActor before the session started (route guard missing?)");
  return actor;
};

/** The signed-in user, or null. */
export const useUser = () => useSelector(useSessionActor(), (s) => s.context.user);
