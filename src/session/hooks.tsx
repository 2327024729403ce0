import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { hasStoredSession, SESSION_KEY } from "../browser/local-storage";
import type { SessionActor } from "./start";
import { currentSession, subscribeSessionStart, type SessionAccess } from "./store";

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
export const useSessionValue = <T,>(actor: SessionActor | null, select: (snapshot: Snapshot) => T, fallback: T): T => {
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor?.subscribe(listener);
      return () => subscription?.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(
    subscribe,
    () => (actor ? select(actor.getSnapshot()) : fallback),
    () => fallback,
  );
};

/** The session actor; only under routes whose guards started it (/dashboard). */
export const useSessionActor = (): SessionActor => {
  const actor = useOptionalSession();
  if (!actor) throw new Error("useSessionActor before the session started (route guard missing?)");
  return actor;
};

/** The signed-in user, or null. */
export const useUser = () => useSessionValue(useSessionActor(), (s) => s.context.user, null);

const subscribeSignedIn = (listener: () => void) => {
  const stopStart = subscribeSessionStart(listener);
  const subscription = currentSession()?.subscribe(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_KEY) listener();
  };
  addEventListener("storage", onStorage);
  return () => {
    stopStart();
    subscription?.unsubscribe();
    removeEventListener("storage", onStorage);
  };
};

const signedIn = () => {
  const actor = currentSession();
  return actor ? actor.getSnapshot().matches("loggedIn") : hasStoredSession();
};

/** Whether someone is signed in, without loading the session machinery (for the public header). */
export const useSignedIn = (): boolean => useSyncExternalStore(subscribeSignedIn, signedIn, () => false);

/**
 * Calls `onChange(before, after)` on each change of the session's state while the caller is mounted, from the
 * session's start when it has not started yet: the start is told before the starter sends its first event, so
 * no change is missed. `before` is null the first time, with the state the session was in when followed.
 */
export const useSessionChanges = (
  session: SessionAccess,
  onChange: (before: Snapshot | null, after: Snapshot) => void,
): void => {
  const changed = useEffectEvent(onChange);
  useEffect(() => {
    let subscription: { unsubscribe: () => void } | undefined;
    const follow = (actor: SessionActor) => {
      let previous = actor.getSnapshot();
      changed(null, previous);
      subscription = actor.subscribe((snapshot) => {
        const before = previous;
        previous = snapshot;
        changed(before, snapshot);
      });
    };
    const running = session.current();
    const stopStart = running
      ? () => {}
      : session.onStart(() => {
          const actor = session.current();
          if (actor && !subscription) follow(actor);
        });
    if (running) follow(running);
    return () => {
      stopStart();
      subscription?.unsubscribe();
    };
  }, [session]);
};
