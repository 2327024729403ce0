/**
 * The session, as the rest of the app sees it: import it from here.
 *
 * Lazy-loading boundary. This entry and what it re-exports are light: React and the router at most, never
 * xstate, effect or the API client, so public pages may import it (their header asks whether someone is signed
 * in, the login form renders before any session exists). `./start` — the statechart given its side effects, the
 * API client, the stored record's schema — is loaded only by the dynamic import in `ensureSession`, when a route
 * or the first sign-in attempt needs a running session (/dashboard, /auth with a stored session, the login
 * form's submit). Nothing else may import `./start` but as a type; tests/e2e/chunks.spec.ts fails when xstate or
 * effect reach the landing's first load, and build/chunk-groups.ts names the light modules by path.
 *
 * The stored session is read in src/app/local-storage.ts, beside the stored language: the entry script reads both
 * before React loads, so that module cannot sit behind this React-bound entry.
 *
 * The statechart stays in src/machines/session.ts, with the other machines: machines are plain modules with no
 * side effects of their own (the app provides those in `./start`), tested alone with `.provide()`.
 */
export { ensureSession, sessionAccess, type RouterContext } from "./store";
export { SessionProvider, useOptionalSession, useSessionActor, useSessionChanges, useSessionValue, useSignedIn, useUser } from "./hooks";
export { requireGuest, requireSession } from "./guards";
