// @vitest-environment jsdom
// @own-modules: whether the dialog's code is in yet is this module's state.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { PhotoField } from "./PhotoField";

beforeAll(async () => {
  await setupTestI18n("en");
});
// Unmounted while the idle callbacks are still stubbed: the field cancels its own on the way out.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stubPointer = () =>
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

describe("the photo field", () => {
  it("once the dialog's code is in, Add shows the dialog in the same render, with nothing to wait for", async () => {
    stubPointer();
    // The browser is idle at once: the field asks for the dialog's code as soon as it appears.
    vi.stubGlobal("requestIdleCallback", (work: () => void) => {
      work();
      return 1;
    });
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    render(<PhotoField id="photo" label="Photo" value={null} onChange={() => undefined} />);
    await act(async () => {
      await Promise.all([import("./PhotoDialog"), import("../../i18n/AriaLocaleProvider")]);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    fireEvent.click(screen.getByRole("button", { name: "Add a photo" }));
    expect(screen.getByRole("dialog", { name: "Your ID photo" })).toBeTruthy();
  });
});
