// @vitest-environment jsdom
// @own-modules: whether the dialog's code is in yet is this module's state; here it is not, at first.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PhotoField } from "./PhotoField";
import { setupPhotoTests, stubPointer } from "./testing";

setupPhotoTests();

describe("the photo field", () => {
  it("tapped before the dialog's code is in: Add says it is busy, then the dialog opens", async () => {
    stubPointer();
    render(<PhotoField id="photo" label="Photo" value={null} onChange={() => undefined} />);
    const add = screen.getByRole("button", { name: "Add a photo" });
    fireEvent.click(add);
    expect(add.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("dialog")).toBeNull();

    expect(await screen.findByRole("dialog", { name: "Your ID photo" })).toBeTruthy();
    expect(add.hasAttribute("aria-busy")).toBe(false);
  });
});
