// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PhotoDialog } from "./PhotoDialog";
import { setupPhotoTests, stubPointer } from "./testing";

setupPhotoTests();

const fileInputs = () => [...document.querySelectorAll<HTMLInputElement>("input[type=file]")];

describe("the applicant's photo dialog", () => {
  it("on a phone offers the front camera (capture=user) beside the gallery, with the photo guidance", () => {
    stubPointer(true);
    render(<PhotoDialog isOpen onOpenChange={() => undefined} onDone={() => undefined} />);
    expect(screen.getByRole("button", { name: "Take a photo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Choose a file" })).toBeTruthy();
    expect(fileInputs().map((input) => input.getAttribute("capture"))).toEqual(["user", null]);
    expect(
      screen.getByText("Face visible and looking at the camera, plain light background, no hat, no filter."),
    ).toBeTruthy();
  });

  it("on a computer offers the file picker alone", () => {
    stubPointer(false);
    render(<PhotoDialog isOpen onOpenChange={() => undefined} onDone={() => undefined} />);
    expect(screen.queryByRole("button", { name: "Take a photo" })).toBeNull();
    expect(fileInputs().map((input) => input.getAttribute("capture"))).toEqual([null]);
  });

  it("draws plain buttons, with no react-aria press handling to run on a slow phone's tap", () => {
    stubPointer(true);
    render(<PhotoDialog isOpen onOpenChange={() => undefined} onDone={() => undefined} />);
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual(["Take a photo", "Choose a file", "Cancel"]);
    // react-aria marks each element it draws with data-rac.
    expect(buttons.filter((button) => button.hasAttribute("data-rac"))).toEqual([]);
    // The platform's modal dialog, not react-aria's: no overlay code to run for the first time in the tap.
    expect(screen.getByRole("dialog", { name: "Your ID photo" }).tagName).toBe("DIALOG");
  });
});
