import { createActor, type ActorRefFrom } from "xstate";
import { Result, Schema } from "effect";
import { configureApi } from "../api/runtime";
import { sessionMachine, type StoredSession } from "../machines/session";
import { readSessionRecord, SESSION_KEY } from "../browser/local-storage";
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
 * The app's session actor: the statechart with its real side effects. The API runtime reads the token from it,
 * and any 401 answered to a protected call ends it.
 */
export const startSession = (apiBaseUrl: string): SessionActor => {
  const actor = createActor(sessionMachine, { input: { stored: readStoredSession() } });
  configureApi({
    baseUrl: apiBaseUrl,
    getToken: () => actor.getSnapshot().context.token,
    onUnauthorized: () => actor.send({ type: "UNAUTHORIZED" }),
  });
  // A session the browser refuses to store lives in memory until a reload: the user is told, once.
  actor.on("storageLost", ({ what }) => noticeStorageFailure(what));
  // Signing out in one tab signs out every tab.
  addEventListener("storage", (event) => {
    if (event.key === SESSION_KEY && event.newValue === null) actor.send({ type: "STORAGE_CLEARED" });
  });
  actor.start();
  return actor;
};
