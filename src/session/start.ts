import { createActor, fromPromise, type ActorRefFrom } from "xstate";
import { Result, Schema } from "effect";
import { getProfile, login, logout } from "../api";
import { configureApi } from "../api/runtime";
import { sessionMachine, type StoredSession } from "../machines/session";
import { forgetStoredSession, readSessionRecord, SESSION_KEY, writeStoredSession } from "../app/local-storage";
import { noticeStorageFailure } from "../app/storage-notice";

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

/** The stored session's user record checked in full, decoded from the light module's one parse. */
const readStoredSession = (): StoredSession | null => {
  const record = readSessionRecord();
  if (!record) return null;
  const decoded = Schema.decodeUnknownResult(StoredSessionSchema)(record);
  return Result.isSuccess(decoded) ? decoded.success : null;
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
    actors: {
      login: fromPromise(({ input }) => login(input.username, input.password)),
      loadProfile: fromPromise(() => getProfile()),
      logout: fromPromise(() => logout()),
    },
    actions: {
      // Full or disabled storage must not stop a sign-in: the session lives in memory until a reload.
      persist: (_, stored) => {
        if (!writeStoredSession(stored)) onStorageFailure("session");
      },
      forget: forgetStoredSession,
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
