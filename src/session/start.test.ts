// @own-modules
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor } from "xstate";
import { profile, token } from "../../tests/fixtures/entities";
import { setupTestI18n } from "../i18n/testing";
import { attachToasts } from "../ui/toast";
import { startSession } from "./start";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the app's session with a full or refused storage", () => {
  it("signs in all the same (the session lives in memory) and says once that it will not survive a reload", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    vi.stubGlobal("fetch", async (input: Request) =>
      Response.json(new URL(input.url).pathname === "/api/token/" ? token : profile),
    );
    const i18n = await setupTestI18n("en");
    const shown: string[] = [];
    attachToasts({ show: (type, message) => shown.push(`${type}: ${message}`), dismiss: () => {} });
    const actor = startSession("http://localhost");
    actor.send({ type: "LOGIN", username: "admin", password: "Admin@2026" });
    const done = await waitFor(actor, (s) => s.matches("loggedIn") || s.matches("loggedOut"), { timeout: 2_000 });
    expect(done.matches("loggedIn")).toBe(true);
    expect(done.context.user?.username).toBe(profile.username);
    expect(shown).toEqual([`warning: ${i18n.t("errors:storageLost.session")}`]);
    actor.stop();
  });
});
