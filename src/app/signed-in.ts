import { useSyncExternalStore } from "react";
import { hasStoredSession, SESSION_KEY } from "./local-storage";
import { currentSession, subscribeSessionStart } from "./session-store";

const subscribe = (listener: () => void) => {
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
export const useSignedIn = (): boolean => useSyncExternalStore(subscribe, signedIn, () => false);
