import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, configureApi } from "../api";
import type { PasswordForm } from "../forms/password";
import { CURRENT_PASSWORD_WRONG, passwordMachine } from "./password";
import { deferred } from "../../tests/fixtures/deferred";

const refused = new ApiError("notValid", "login", "/api/token/", 401, {
  detail: "No active account found with the given credentials",
});

interface Options {
  verify?: (username: string, password: string) => Promise<unknown>;
  update?: (id: number, password: string) => Promise<unknown>;
}

const build = (options: Options = {}) => {
  const verify = vi.fn(options.verify ?? (async () => ({ access: "fresh" })));
  const update = vi.fn(options.update ?? (async () => ({})));
  const machine = passwordMachine.provide({
    actors: {
      verifyCurrent: fromPromise(({ input }) => verify(input.username, input.password)),
      updatePassword: fromPromise(({ input }) => update(input.id, input.password)),
    },
  });
  const actor = createActor(machine, { input: { userId: 1, username: "admin" } });
  const emitted: { type: string }[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, verify, update, emitted };
};

const fill = (actor: ReturnType<typeof build>["actor"], form: PasswordForm) => {
  actor.send({ type: "CHANGE", field: "current", value: form.current });
  actor.send({ type: "CHANGE", field: "password", value: form.password });
  actor.send({ type: "CHANGE", field: "confirm", value: form.confirm });
};

const good: PasswordForm = { current: "Admin@2026", password: "Yaounde-2027", confirm: "Yaounde-2027" };

describe("password machine", () => {
  it("re-authenticates with the current password, then sets the new one", async () => {
    const { actor, verify, update, emitted } = build();
    fill(actor, good);
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().matches({ updating: "verifying" })).toBe(true);
    await waitFor(actor, (s) => s.matches("updated"));
    expect(verify).toHaveBeenCalledWith("admin", "Admin@2026");
    expect(update).toHaveBeenCalledWith(1, "Yaounde-2027");
    expect(emitted).toContainEqual({ type: "passwordUpdated" });
    // Nothing typed is kept once the password changed.
    expect(actor.getSnapshot().context.values).toEqual({ current: "", password: "", confirm: "" });
  });

  it("refuses an invalid form without calling anything; errors then follow the typing", () => {
    const { actor, verify, update } = build();
    actor.send({ type: "CHANGE", field: "password", value: "short" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      current: "validation:currentPasswordRequired",
      password: "validation:passwordMin",
      confirm: "validation:passwordConfirmRequired",
    });
    actor.send({ type: "CHANGE", field: "password", value: "Longer-pass" });
    actor.send({ type: "CHANGE", field: "confirm", value: "Longer-pasS" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      current: "validation:currentPasswordRequired",
      password: "validation:passwordDigit",
      confirm: "validation:passwordMismatch",
    });
    expect(verify).not.toHaveBeenCalled();
    expect(update).not.toHaveBeenCalled();
  });

  it("a wrong current password fails before the PUT and shows under that field", async () => {
    const { actor, verify, update, emitted } = build({ verify: () => Promise.reject(refused) });
    fill(actor, good);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("failed"));
    const { context } = actor.getSnapshot();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(update).not.toHaveBeenCalled();
    expect(context.errorKey).toBe("errors:passwordFailed");
    expect(context.fieldErrors).toEqual({ current: CURRENT_PASSWORD_WRONG });
    expect(emitted).toContainEqual({ type: "passwordFailed", messageKey: "errors:passwordFailed" });

    // Typing elsewhere keeps the hint; retyping the current password clears it.
    actor.send({ type: "CHANGE", field: "confirm", value: good.confirm });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ current: CURRENT_PASSWORD_WRONG });
    actor.send({ type: "CHANGE", field: "current", value: "Admin@2025" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it("a failed PUT says 'Failed to update password' and keeps the form for a retry", async () => {
    let fail = true;
    const { actor, verify, update } = build({
      update: async () => {
        if (fail)
          throw new ApiError("badRequest", "updatePassword", "/base/api/v1/appuser/1/", 400, {
            password: ["too common"],
          });
        return {};
      },
    });
    fill(actor, good);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.errorKey).toBe("errors:passwordFailed");
    expect(actor.getSnapshot().context.values).toEqual(good);
    fail = false;
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("updated"));
    expect(verify).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it("a re-authentication that fails for another reason is not blamed on the password", async () => {
    const { actor, update } = build({
      verify: () => Promise.reject(new ApiError("network", "login", "/api/token/", null, "offline")),
    });
    fill(actor, good);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.errorKey).toBe("errors:network");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(update).not.toHaveBeenCalled();
  });

  it("a double submit sends once", async () => {
    const answer = deferred<unknown>();
    const { actor, verify, update } = build({ update: () => answer.promise });
    fill(actor, good);
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches({ updating: "saving" }));
    actor.send({ type: "SUBMIT" });
    actor.send({ type: "CHANGE", field: "password", value: "Changed-2028" });
    answer.resolve({});
    await waitFor(actor, (s) => s.matches("updated"));
    expect(verify).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith(1, "Yaounde-2027");
  });

  it("RESET empties the dialog from editing, failed or updated", async () => {
    const { actor } = build({ verify: () => Promise.reject(refused) });
    fill(actor, good);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("failed"));
    actor.send({ type: "RESET" });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe("editing");
    expect(snap.context).toMatchObject({
      values: { current: "", password: "", confirm: "" },
      fieldErrors: {},
      errorKey: null,
      currentRejected: false,
    });

    const ok = build();
    fill(ok.actor, good);
    ok.actor.send({ type: "SUBMIT" });
    await waitFor(ok.actor, (s) => s.matches("updated"));
    ok.actor.send({ type: "RESET" });
    expect(ok.actor.getSnapshot().value).toBe("editing");
  });
});

describe("password machine with the real endpoint functions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("signs out the token the current-password check obtained, so no stray session is left alive", async () => {
    configureApi({ baseUrl: "http://localhost", getToken: () => "session-token", onUnauthorized: () => {} });
    const calls: { method: string; path: string; auth: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: Request) => {
      const url = new URL(input.url);
      calls.push({ method: input.method, path: url.pathname, auth: input.headers.get("authorization") });
      if (url.pathname === "/api/token/") return Response.json({ access: "check-token" });
      if (url.pathname === "/api/token/logout/") return new Response(null, { status: 204 });
      return Response.json({});
    });
    const actor = createActor(passwordMachine, { input: { userId: 1, username: "admin" } }).start();
    fill(actor, good);
    actor.send({ type: "SUBMIT" });
    await waitFor(actor, (s) => s.matches("updated") || s.matches("failed"));
    expect(actor.getSnapshot().value).toBe("updated");
    expect(calls).toEqual([
      { method: "POST", path: "/api/token/", auth: null },
      { method: "POST", path: "/api/token/logout/", auth: "Bearer check-token" },
      { method: "PUT", path: "/base/api/v1/appuser/1/", auth: "Bearer session-token" },
    ]);
  });
});
