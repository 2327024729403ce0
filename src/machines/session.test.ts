import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type Profile } from "../api";
import { sessionMachine, USER_RECORD_TTL_MS, type StoredSession } from "./session";

const profile: Profile = {
  id: 1,
  username: "admin",
  email: "aicha.bello@campus.cm",
  first_name: "Aïcha",
  last_name: "Bello",
  groups: [{ name: "Admin" }],
};

const stored: StoredSession = {
  token: "tok-1",
  user: {
    id: 1,
    username: "admin",
    email: "aicha.bello@campus.cm",
    firstName: "Aïcha",
    lastName: "Bello",
    roles: ["Admin"],
  },
};

const build = (
  overrides: {
    login?: () => Promise<{ access: string }>;
    profile?: () => Promise<Profile>;
    logout?: () => Promise<void>;
  } = {},
  from: StoredSession | null = null,
) => {
  const persist = vi.fn();
  const forget = vi.fn();
  const forgetAgentData = vi.fn();
  const logoutCalls = vi.fn(overrides.logout ?? (async () => {}));
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(overrides.login ?? (async () => ({ access: "tok-new" }))),
      loadProfile: fromPromise(overrides.profile ?? (async () => profile)),
      logout: fromPromise(() => logoutCalls()),
    },
    actions: {
      persist: (_, params) => persist(params),
      forget,
      forgetAgentData: (_, params) => forgetAgentData(params),
    },
  });
  const actor = createActor(machine, { input: { stored: from } }).start();
  return { actor, persist, forget, forgetAgentData, logoutCalls };
};

describe("session machine", () => {
  it("starts logged out without a stored session", () => {
    const { actor } = build();
    expect(actor.getSnapshot().value).toBe("loggedOut");
  });

  it("restores a stored session on reload", () => {
    const { actor } = build({}, { ...stored, savedAt: Date.now() });
    expect(actor.getSnapshot().value).toEqual({ loggedIn: "fresh" });
    expect(actor.getSnapshot().context.user?.firstName).toBe("Aïcha");
  });

  it("reads the user record again once it is 30 minutes old (docs/spec.md §9), on restore and while open", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T08:00:00Z") });
    try {
      let reads = 0;
      const demoted: Profile = { ...profile, groups: [{ name: "Agent" }] };
      const { actor, persist } = build(
        { profile: async () => (reads++ === 0 ? profile : demoted) },
        { ...stored, savedAt: Date.now() - USER_RECORD_TTL_MS },
      );
      // Restored stale: the app goes on signed in while the record is read again in the background.
      expect(actor.getSnapshot().matches("loggedIn")).toBe(true);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ loggedIn: "fresh" }));
      expect(reads).toBe(1);
      expect(persist).toHaveBeenLastCalledWith({
        token: "tok-1",
        user: expect.objectContaining({ roles: ["Admin"] }),
        savedAt: expect.any(Number),
      });
      // Still fresh a minute before the time-to-live; read again once it has passed.
      await vi.advanceTimersByTimeAsync(USER_RECORD_TTL_MS - 60_000);
      expect(reads).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(reads).toBe(2));
      await vi.waitFor(() => expect(actor.getSnapshot().context.user?.roles).toEqual(["Agent"]));
    } finally {
      vi.useRealTimers();
    }
  });

  it("a record without its date (older versions) is read again at once; a failed read keeps the session", async () => {
    const { actor } = build(
      { profile: async () => Promise.reject(new ApiError("network", "getProfile", "/x", null, "offline")) },
      stored,
    );
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ loggedIn: "fresh" }));
    expect(actor.getSnapshot().context.user?.firstName).toBe("Aïcha");
  });

  it("signs in: authenticating → loadingProfile → loggedIn, storing token and user with roles", async () => {
    const { actor, persist } = build();
    const seen: string[] = [];
    actor.subscribe((s) => seen.push(typeof s.value === "string" ? s.value : Object.keys(s.value)[0]!));
    actor.send({ type: "LOGIN", username: "admin", password: "Admin@2026" });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(seen).toEqual(expect.arrayContaining(["authenticating", "loadingProfile", "loggedIn"]));
    expect(actor.getSnapshot().context.token).toBe("tok-new");
    expect(actor.getSnapshot().context.user?.roles).toEqual(["Admin"]);
    expect(persist).toHaveBeenCalledWith({
      token: "tok-new",
      user: expect.objectContaining({ username: "admin" }),
      savedAt: expect.any(Number),
    });
  });

  it("keeps the login error when credentials are refused", async () => {
    const refused = new ApiError("notValid", "login", "/api/token/", 401, { detail: "No active account" });
    const { actor } = build({ login: async () => Promise.reject(refused) });
    actor.send({ type: "LOGIN", username: "admin", password: "nope" });
    await waitFor(actor, (s) => s.matches("loggedOut") && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(refused);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it("drops the token when the profile cannot be loaded", async () => {
    const { actor, persist } = build({
      profile: async () => Promise.reject(new ApiError("server", "getProfile", "/p", 500, null)),
    });
    actor.send({ type: "LOGIN", username: "admin", password: "Admin@2026" });
    await waitFor(actor, (s) => s.matches("loggedOut") && s.context.error !== null);
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(persist).not.toHaveBeenCalled();
  });

  it("ends the session on a 401 during use and forgets the stored user", () => {
    const { actor, forget } = build({}, stored);
    actor.send({ type: "UNAUTHORIZED" });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe("loggedOut");
    expect(snap.context.endedBy).toBe("unauthorized");
    expect(snap.context.user).toBeNull();
    expect(forget).toHaveBeenCalled();
  });

  it("logs out through the endpoint and forgets everything, even when the call fails", async () => {
    const { actor, forget, logoutCalls } = build({ logout: async () => Promise.reject(new Error("offline")) }, stored);
    actor.send({ type: "LOGOUT" });
    expect(actor.getSnapshot().value).toBe("loggingOut");
    await waitFor(actor, (s) => s.matches("loggedOut"));
    expect(logoutCalls).toHaveBeenCalledTimes(1);
    expect(forget).toHaveBeenCalled();
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it("ignores a second login while one is running", async () => {
    let calls = 0;
    const { actor } = build({ login: async () => ({ access: `tok-${++calls}` }) });
    actor.send({ type: "LOGIN", username: "admin", password: "x" });
    actor.send({ type: "LOGIN", username: "admin", password: "x" });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(calls).toBe(1);
  });

  it("ends the session when another tab signs out", () => {
    const { actor } = build({}, stored);
    actor.send({ type: "STORAGE_CLEARED" });
    expect(actor.getSnapshot().value).toBe("loggedOut");
  });

  it("signing out, here or in another tab, forgets the agent's print batches and kept edits; a 401 keeps them", () => {
    for (const event of [{ type: "LOGOUT" }, { type: "STORAGE_CLEARED" }] as const) {
      const { actor, forgetAgentData } = build({}, stored);
      actor.send(event);
      expect(forgetAgentData).toHaveBeenCalledWith({ username: "admin" });
    }
    const { actor, forgetAgentData } = build({}, stored);
    actor.send({ type: "UNAUTHORIZED" });
    expect(forgetAgentData).not.toHaveBeenCalled();
  });
});
