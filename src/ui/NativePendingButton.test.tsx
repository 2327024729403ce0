// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../i18n/testing";
import { NativePendingButton } from "./NativePendingButton";

beforeAll(async () => {
  await setupTestI18n("en");
});
afterEach(() => cleanup());

const announced = () => document.querySelector("[data-button-announcer]");

describe("NativePendingButton", () => {
  it("while pending stays focusable, ignores clicks, says it is busy, then names itself again", async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <NativePendingButton isPending={false} onClick={onClick}>
        Use this photo
      </NativePendingButton>,
    );
    const button = screen.getByRole("button", { name: "Use this photo" });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <NativePendingButton isPending onClick={onClick}>
        Use this photo
      </NativePendingButton>,
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAttribute("data-pending", "true");
    await waitFor(() => expect(announced()).toHaveTextContent("Use this photo Please wait…"));
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <NativePendingButton isPending={false} onClick={onClick}>
        Use this photo
      </NativePendingButton>,
    );
    expect(button).not.toHaveAttribute("aria-disabled");
    expect(button).not.toHaveAttribute("data-pending");
    await waitFor(() => expect(announced()).toHaveTextContent(/^Use this photo$/));
  });
});
