/**
 * The session, as the rest of the app sees it: import it from here.
 *
 * Lazy-loading boundary. This entry and what it re-exports are light: React and the router at most, never
 * xstate, effect or the API client, so public pages may import it (their header asks whether someone is signed
 * in, the login form renders before any session exists). `./start` — the running statechart, the API client it
 * configures, the stored record's schema — is loaded only by the dynamic import in `ensureSession`, when a route
 * or the first sign-in attempt needs a running session (/dashboard, /auth with a stored session, the login
 * form's submit). Nothing else may import `./start` but as a type; tests/e2e/chunks.spec.ts fails when xstate or
 * effect reach the landing's first load, and build/chunk-groups.ts names the light modules by path.
 *
 * The stored session is read in src/browser/local-storage.ts, beside the stored language: the entry script reads both
 * before React loads, so that module cannot sit behind this React-bound entry.
 *
 * The statechart stays in src/machines/session.ts, with the other machines: plain modules whose side effects are
 * actors and actions declared in `setup` (the API, local storage), tested alone with `.provide()`.
 */
export { ensureSession, sessionAccess, type RouterContext } from "./store";
export {
  SessionProvider,
  useOptionalSession,
  useSessionActor,
  useSessionChanges,
  useSessionValue,
  useSignedIn,
  useUser,
} from "./hooks";
export { requireGuest, requireSession } from "./guards";
