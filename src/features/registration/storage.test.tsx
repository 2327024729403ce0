// @own-modules
// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { Toaster, toast } from "../../ui/toast";
import { useWizard, type WizardActor } from "./useWizard";

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
    // The wizard as its page runs it: the statechart reports the refusal, the page's hook says it.
    let actor: WizardActor | undefined;
    function Wizard() {
      actor = useWizard("staff", null);
      return null;
    }
    render(
      <>
        <Toaster />
        <Wizard />
      </>,
    );
    if (!actor) throw new Error("the wizard did not start");
    const started = actor;
    act(() => {
      started.send({ type: "CHANGE", field: "register", value: "AB123" });
      started.send({ type: "CHANGE", field: "register", value: "AB1234" });
    });
    expect(started.getSnapshot().context.values.register).toBe("AB1234");
    const notice = /The browser refuses to store your form/;
    expect(await screen.findByText(notice)).toBeVisible();
    expect(screen.getAllByText(notice)).toHaveLength(1);
  });
});
