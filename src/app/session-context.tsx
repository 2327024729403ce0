import { useSelector } from "@xstate/react";
import type { SessionActor } from "./session";
import { useOptionalSession } from "./session-provider";

export { SessionProvider } from "./session-provider";

/** The session actor; only under routes whose guards started it (/dashboard). */
export const useSessionActor = (): SessionActor => {
  const actor = useOptionalSession();
  if (!actor) throw new Error("useSessionActor before the session started (route guard missing?)");
  return actor;
};

/** The signed-in user, or null. */
export const useUser = () => useSelector(useSessionActor(), (s) => s.context.user);
