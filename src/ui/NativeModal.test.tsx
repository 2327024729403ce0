// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestI18n } from "../i18n/testing";
import { NativeButton } from "./NativeButton";
import { NativeModal } from "./NativeModal";
import { NativePendingButton } from "./NativePendingButton";

beforeAll(async () => {
  await setupTestI18n("en");
});

function Opened({ pending = false }: { pending?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <NativeButton onClick={() => setOpen(true)}>Add a photo</NativeButton>
      <NativeModal isOpen={open} onOpenChange={setOpen} labelledBy="title">
        <h2 id="title">Your photo</h2>
        <NativePendingButton isPending={pending}>Use this photo</NativePendingButton>
      </NativeModal>
    </>
  );
}

describe("NativeModal", () => {
  it("opens as the platform's modal dialog, named by its heading, focused itself", () => {
    render(<Opened />);
    const dialog = screen.getByRole("dialog", { name: "Your photo" });
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog).toHaveAttribute("open");
    expect(dialog).toHaveFocus();
  });

  it("asks to close on Escape (the dialog's cancel), and is gone once closed", () => {
    render(<Opened />);
    fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says what a pending button announces from inside the dialog, where the page behind is inert", async () => {
    render(<Opened pending />);
    const region = document.querySelector("[data-button-announcer]");
    await waitFor(() => expect(screen.getByRole("dialog").contains(region)).toBe(true));
  });
});
