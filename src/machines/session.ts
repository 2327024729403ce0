import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { getProfile, login, logout, type Profile } from "../api";
import { forgetStoredSession, writeStoredSession } from "../browser/local-storage";
import { forgetBatches } from "../print/batch";
import { forgetStoredSheets } from "../browser/sheet-store";
import { forgetAllKeptEdits } from "./kept-edits";
import type { StorageLost } from "./storage-lost";

/** The signed-in user as kept in local storage (docs/spec.md §3: "signed-in user record"). */
export interface SessionUser {
  readonly id: number;
  readonly username: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly roles: readonly string[];
}

export interface StoredSession {
  readonly token: string;
  readonly user: SessionUser;
  /** When the user record was read from the server (ms since the epoch); absent in records of older versions. */
  readonly savedAt?: number;
}

/**
 * docs/spec.md §9's "separate default time-to-live, 30 minutes" (docs/assumptions.md): the signed-in user record (name,
 * e-mail, roles) kept with the session is read again from the server once it is older than this, on restore
 * and while the app stays open, so a role given or taken by an administrator reaches open sessions.
 */
export const USER_RECORD_TTL_MS = 30 * 60 * 1000;

export const userFromProfile = (profile: Profile): SessionUser => ({
  id: profile.id,
  username: profile.username,
  email: profile.email,
  firstName: profile.first_name,
  lastName: profile.last_name,
  roles: profile.groups.map((group) => group.name),
});

export { isAdmin } from "./roles";

/** What is stored of a session once `profile` is its user record (after takeProfile dated it). */
const storedOf = (context: SessionContext, profile: Profile): StoredSession => ({
  token: context.token ?? "",
  user: userFromProfile(profile),
  savedAt: context.savedAt,
});

export interface SessionContext {
  token: string | null;
  user: SessionUser | null;
  /** When `user` was read from the server (ms since the epoch), 0 when unknown. */
  savedAt: number;
  /** The failure of the last sign-in or profile read (an ApiError, or anything the call threw); null after none. */
  error: unknown;
  /** Why the last session ended: the login page says so when it was a 401. */
  endedBy: "logout" | "unauthorized" | null;
}

export type SessionEvent =
  | { type: "LOGIN"; username: string; password: string }
  | { type: "LOGOUT" }
  | { type: "UNAUTHORIZED" }
  | { type: "PROFILE_UPDATED"; profile: Profile }
  | { type: "STORAGE_CLEARED" }
  /** The browser refused to store the session (sent by `persist`): reported as `storageLost`. */
  | { type: "STORAGE_REFUSED" };

export interface SessionInput {
  readonly stored: StoredSession | null;
}

/**
 * loggedOut → authenticating → loadingProfile → loggedIn → loggingOut (docs/spec.md §4). Side effects are invoked
 * actors (the API's sign-in, profile and sign-out) and the `persist` / `forget` actions (local storage, see
 * browser/local-storage.ts); tests swap them with `.provide()`.
 */
export const sessionMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as StorageLost,
    input: {} as SessionInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    login: fromPromise<{ access: string }, { username: string; password: string }>(({ input }) =>
      login(input.username, input.password),
    ),
    // The API client sends the session's token (the runtime reads it from this actor).
    loadProfile: fromPromise<Profile, { token: string }>(() => getProfile()),
    logout: fromPromise<void, { token: string | null }>(() => logout()),
  },
  actions: {
    /** Full or disabled storage must not stop a sign-in: the session lives in memory until a reload (`storageLost`). */
    persist: ({ self }, stored: StoredSession) => {
      if (!writeStoredSession(stored)) self.send({ type: "STORAGE_REFUSED" });
    },
    forget: () => forgetStoredSession(),
    /**
     * Signing out (here or in another tab) leaves nothing of the agent's work in the browser, as office PCs are
     * shared: the print batches and a validation form's kept edits. A 401 keeps both for the agent's return.
     */
    forgetAgentData: (_, params: { username: string | null }) => {
      if (params.username !== null) {
        forgetBatches(params.username);
        void forgetStoredSheets(params.username);
      }
      forgetAllKeptEdits();
    },
    /** A profile just read from the server becomes the user record, dated now. */
    takeProfile: assign((_, params: { profile: Profile }) => ({
      user: userFromProfile(params.profile),
      savedAt: Date.now(),
    })),
  },
  guards: {
    hasStoredSession: ({ context }) => context.token !== null && context.user !== null,
    userRecordStale: ({ context }) => Date.now() - context.savedAt >= USER_RECORD_TTL_MS,
  },
  delays: {
    userRecordTtl: ({ context }) => Math.max(0, context.savedAt + USER_RECORD_TTL_MS - Date.now()),
  },
}).createMachine({
  id: "session",
  context: ({ input }) => ({
    token: input.stored?.token ?? null,
    user: input.stored?.user ?? null,
    savedAt: input.stored?.savedAt ?? 0,
    error: null,
    endedBy: null,
  }),
  initial: "restoring",
  on: { STORAGE_REFUSED: { actions: emit({ type: "storageLost", what: "session" } as const) } },
  states: {
    restoring: {
      always: [{ guard: "hasStoredSession", target: "loggedIn" }, { target: "loggedOut" }],
    },
    loggedOut: {
      entry: [assign({ token: null, user: null, savedAt: 0 }), "forget"],
      on: {
        LOGIN: { target: "authenticating", actions: assign({ error: null, endedBy: null }) },
      },
    },
    authenticating: {
      invoke: {
        src: "login",
        input: ({ event }) => {
          assertEvent(event, "LOGIN");
          return { username: event.username, password: event.password };
        },
        onDone: { target: "loadingProfile", actions: assign({ token: ({ event }) => event.output.access }) },
        onError: { target: "loggedOut", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loadingProfile: {
      invoke: {
        src: "loadProfile",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: {
          target: "loggedIn",
          actions: [
            { type: "takeProfile", params: ({ event }) => ({ profile: event.output }) },
            { type: "persist", params: ({ context, event }) => storedOf(context, event.output) },
          ],
        },
        onError: { target: "loggedOut", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loggedIn: {
      initial: "checking",
      states: {
        checking: {
          always: [{ guard: "userRecordStale", target: "refreshing" }, { target: "fresh" }],
        },
        fresh: {
          after: { userRecordTtl: { target: "refreshing" } },
        },
        // In the background: the app goes on with the record it has; a 401 ends the session through the API.
        refreshing: {
          invoke: {
            src: "loadProfile",
            input: ({ context }) => ({ token: context.token ?? "" }),
            onDone: {
              target: "fresh",
              actions: [
                { type: "takeProfile", params: ({ event }) => ({ profile: event.output }) },
                { type: "persist", params: ({ context, event }) => storedOf(context, event.output) },
              ],
            },
            // Offline or a server error: keep the record and try again after another time-to-live.
            onError: { target: "fresh", actions: assign({ savedAt: () => Date.now() }) },
          },
        },
      },
      on: {
        LOGOUT: {
          target: "loggingOut",
          actions: { type: "forgetAgentData", params: ({ context }) => ({ username: context.user?.username ?? null }) },
        },
        UNAUTHORIZED: { target: "loggedOut", actions: assign({ endedBy: "unauthorized" }) },
        STORAGE_CLEARED: {
          target: "loggedOut",
          actions: [
            { type: "forgetAgentData", params: ({ context }) => ({ username: context.user?.username ?? null }) },
            assign({ endedBy: "logout" }),
          ],
        },
        PROFILE_UPDATED: {
          actions: [
            { type: "takeProfile", params: ({ event }) => ({ profile: event.profile }) },
            { type: "persist", params: ({ context, event }) => storedOf(context, event.profile) },
          ],
        },
      },
    },
    loggingOut: {
      // The token is dropped whatever the server answers: a failed logout call must not keep anyone signed in.
      invoke: {
        src: "logout",
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: "loggedOut", actions: assign({ endedBy: "logout" }) },
        onError: { target: "loggedOut", actions: assign({ endedBy: "logout" }) },
      },
    },
  },
});
