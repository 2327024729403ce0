import { apiBaseUrl } from "../api/base-url";
import { nextTask } from "./next-task";
import type { SessionActor } from "./session";

export { setApiBaseUrl } from "../api/base-url";

/**
 * The session actor is started on demand: the statechart, the API client and its schemas load with the first
 * route that needs a session (/auth, /dashboard), so public pages stay light. This module imports none of them.
 */

let actor: SessionActor | null = null;
let starting: Promise<SessionActor> | null = null;
const listeners = new Set<() => void>();

export const ensureSession = (): Promise<SessionActor> =>
  (starting ??= import("./session").then(async (module) => {
    // Evaluating the session's chunk and starting its statechart are a long task together: a task each.
    await nextTask();
    actor = module.startSession(apiBaseUrl());
    listeners.forEach((listener) => listener());
    return actor;
  }));

/** The running session actor, or null before any route asked for it. */
export const currentSession = (): SessionActor | null => actor;

export const subscribeSessionStart = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
