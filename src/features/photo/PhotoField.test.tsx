// @vitest-environment jsdom
// @own-modules: whether the dialog's code is in yet is this module's state.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PhotoField } from "./PhotoField";
import { setupPhotoTests, stubPointer } from "./testing";

setupPhotoTests();

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
