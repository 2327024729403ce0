import { createContext, useContext, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import type { SessionActor } from "./session";

const SessionContext = createContext<SessionActor | null>(null);

export const SessionProvider = ({ actor, children }: { actor: SessionActor; children: ReactNode }) => (
  <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
);

export const useSessionActor = (): SessionActor => {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error("useSessionActor outside SessionProvider");
  return actor;
};

/** The signed-in user, or null. */
export const useUser = () => useSelector(useSessionActor(), (s) => s.context.user);
