// @vitest-environment node
import { describe, expect, it } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import { login, logout, updatePassword } from "./session";
import { empty, json, useStubBackend } from "../test-support";

const backend = useStubBackend();
const { answer, only } = backend;

describe("session calls", () => {
  it("login posts JSON credentials and answers the token", async () => {
    answer(() => json({ ...fx.token, refresh: "r" }));
    await expect(login("admin", "Mot2passe!")).resolves.toEqual(fx.token);
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe("POST /api/token/");
    expect(s.body).toEqual({ username: "admin", password: "Mot2passe!" });
  });

  it("logout posts with the token and accepts an empty answer", async () => {
    backend.token = "t";
    answer(() => empty(204));
    await expect(logout()).resolves.toBeUndefined();
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe("POST /api/token/logout/");
    expect(s.headers.get("authorization")).toBe("Bearer t");
  });

  it("updatePassword puts {password} as JSON to the user's path", async () => {
    backend.token = "t";
    answer(() => json({}));
    await updatePassword(fx.profile.id, "N0uveau!pass");
    const s = only();
    expect(`${s.method} ${s.url.pathname}`).toBe(`PUT /base/api/v1/appuser/${fx.profile.id}/`);
    expect(s.body).toEqual({ password: "N0uveau!pass" });
  });
});
