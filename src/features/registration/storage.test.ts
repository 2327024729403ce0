// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { createAppWizardMachine } from "./useWizard";

afterEach(() => vi.restoreAllMocks());

describe("the wizard draft in a browser that refuses to store it", () => {
  it("goes on in memory and reports each refused write (noticeStorageFailure says it once)", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const notices: string[] = [];
    const actor = createActor(createAppWizardMachine({ onStorageFailure: (what) => notices.push(what) }), { input: { kind: "staff" } }).start();
    actor.send({ type: "CHANGE", field: "register", value: "AB123" });
    actor.send({ type: "CHANGE", field: "register", value: "AB1234" });
    expect(actor.getSnapshot().context.values.register).toBe("AB1234");
    expect(notices).toEqual(["draft", "draft"]);
    actor.stop();
  });
});
