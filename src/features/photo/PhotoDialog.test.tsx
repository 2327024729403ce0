// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { PhotoDialog } from "./PhotoDialog";

const pointer = (coarse: boolean) =>
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: coarse && query === "(pointer: coarse)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

beforeAll(async () => {
  await setupTestI18n("en");
});
afterEach(() => void vi.unstubAllGlobals());

const fileInputs = () => [...document.querySelectorAll<HTMLInputElement>("input[type=file]")];

describe("the applicant's photo dialog", () => {
  it("on a phone offers the front camera (capture=user) beside the gallery, with the photo guidance", () => {
    pointer(true);
    render(<PhotoDialog isOpen onOpenChange={() => undefined} onDone={() => undefined} />);
    expect(screen.getByRole("button", { name: "Take a photo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Choose a file" })).toBeTruthy();
    expect(fileInputs().map((input) => input.getAttribute("capture"))).toEqual(["user", null]);
    expect(
      screen.getByText("Face visible and looking at the camera, plain light background, no hat, no filter."),
    ).toBeTruthy();
  });

  it("on a computer offers the file picker alone", () => {
    pointer(false);
    render(<PhotoDialog isOpen onOpenChange={() => undefined} onDone={() => undefined} />);
    expect(screen.queryByRole("button", { name: "Take a photo" })).toBeNull();
    expect(fileInputs().map((input) => input.getAttribute("capture"))).toEqual([null]);
  });
});
