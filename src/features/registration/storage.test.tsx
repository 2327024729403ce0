// @own-modules
// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { setupTestI18n } from "../../i18n/testing";
import { wizardMachine } from "../../machines/wizard";
import { Toaster, toast } from "../../ui";

afterEach(() => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

describe("the wizard draft in a browser that refuses to store it", () => {
  it("goes on in memory and says once that the draft will not survive a reload", async () => {
    await setupTestI18n("en");
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    render(<Toaster />);
    const actor = createActor(wizardMachine, { input: { kind: "staff" } }).start();
    act(() => {
      actor.send({ type: "CHANGE", field: "register", value: "AB123" });
      actor.send({ type: "CHANGE", field: "register", value: "AB1234" });
    });
    expect(actor.getSnapshot().context.values.register).toBe("AB1234");
    const notice = /The browser refuses to store your form/;
    expect(await screen.findByText(notice)).toBeVisible();
    expect(screen.getAllByText(notice)).toHaveLength(1);
    actor.stop();
  });
});
