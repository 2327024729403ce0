import { createActor, type ActorRefFrom } from "xstate";
import { Result, Schema } from "effect";
import { configureApi } from "../api/runtime";
import { sessionMachine, type StoredSession } from "../machines/session";
import { SESSION_KEY } from "./session-store";
import { noticeStorageFailure } from "./storage-notice";

export { SESSION_KEY };


const StoredSessionSchema = Schema.Struct({
  token: Schema.String,
  user: Schema.Struct({
    id: Schema.Number,
    username: Schema.String,
    email: Schema.String,
    firstName: Schema.String,
    lastName: Schema.String,
    roles: Schema.Array(Schema.String),
  }),
  savedAt: Schema.optionalKey(Schema.Number),
});

export const readStoredSession = (): StoredSession | null => {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const decoded = Schema.decodeUnknownResult(StoredSessionSchema)(JSON.parse(raw));
    return Result.isSuccess(decoded) ? decoded.success : null;
  } catch {
    return null;
  }
};

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * The app's session actor: the machine with its real side effects. The API runtime reads the token from it,
 * and any 401 answered to a protected call ends it.
 */
export interface SessionOptions {
  /** Told when the browser refuses to store the session (the app then keeps it in memory). */
  readonly onStorageFailure?: (what: "session") => void;
}

export const startSession = (apiBaseUrl: string, { onStorageFailure = noticeStorageFailure }: SessionOptions = {}): SessionActor => {
  const machine = sessionMachine.provide({
    actions: {
      persist: (_, stored) => {
        try {
          localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
        } catch {
          // Full or disabled storage must not stop a sign-in: the session lives in memory until a reload.
          onStorageFailure("session");
        }
      },
      forget: () => {
        try {
          localStorage.removeItem(SESSION_KEY);
        } catch {
          /* nothing stored to forget */
        }
      },
    },
  });
  const actor = createActor(machine, { input: { stored: readStoredSession() } });
  configureApi({
    baseUrl: apiBaseUrl,
    getToken: () => actor.getSnapshot().context.token,
    onUnauthorized: () => actor.send({ type: "UNAUTHORIZED" }),
  });
  // Signing out in one tab signs out every tab.
  addEventListener("storage", (event) => {
    if (event.key === SESSION_KEY && event.newValue === null) actor.send({ type: "STORAGE_CLEARED" });
  });
  actor.start();
  return actor;
};
