import { apiBaseUrl } from "../api/base-url";
import { hasStoredSession } from "../browser/local-storage";
import { nextTask } from "../browser/next-task";
import type { SessionActor } from "./start";

let actor: SessionActor | null = null;
let starting: Promise<SessionActor> | null = null;
const listeners = new Set<() => void>();

/** Starts the session once (the statechart, the API client and its schemas load here) and answers its actor. */
export const ensureSession = (): Promise<SessionActor> =>
  (starting ??= import("./start").then(async (module) => {
    // Evaluating the session's chunk and starting its statechart are a long task together: a task each.
    await nextTask();
    actor = module.startSession(apiBaseUrl());
    // Told before the caller's await resumes: a listener follows the session from its first event on.
    listeners.forEach((listener) => listener());
    return actor;
  }));

/** The running session actor, or null before any route asked for it. */
export const currentSession = (): SessionActor | null => actor;

export const subscribeSessionStart = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The session as routes reach it, through the router's context (src/app/router.tsx gives this one; tests give
 * their own): guards and route components read it there rather than from this module.
 */
export interface SessionAccess {
  /** Whether a session is stored, read without loading the session machinery. */
  readonly hasStored: () => boolean;
  readonly ensure: () => Promise<SessionActor>;
  readonly current: () => SessionActor | null;
  readonly onStart: (listener: () => void) => () => void;
}

export interface RouterContext {
  readonly session: SessionAccess;
}

export const sessionAccess: SessionAccess = {
  hasStored: hasStoredSession,
  ensure: ensureSession,
  current: currentSession,
  onStart: subscribeSessionStart,
};
