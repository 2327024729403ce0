// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../i18n/testing";
import { MAX_VISIBLE_TOASTS, TOAST_DURATION, toast } from "./toast";
import ToastRegion, { toastQueue } from "./ToastRegion";

beforeAll(async () => {
  await setupTestI18n("en");
});
afterEach(() => {
  cleanup();
  act(() => toast.dismiss());
  vi.useRealTimers();
});

const visible = () => screen.queryAllByRole("alertdialog");

describe("toast", () => {
  it("shows at most 3 toasts and lets the next one in when one is dismissed", async () => {
    const user = userEvent.setup();
    render(<ToastRegion />);
    act(() => {
      toast.success("one");
      toast.info("two");
      toast.warning("three");
      toast.error("four");
      toast("five");
    });
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(visible()).toHaveLength(3);
    expect(screen.getByText("five")).toBeVisible();
    expect(screen.queryByText("one")).toBeNull();

    const five = visible().find((el) => el.textContent?.includes("five"));
    if (!five) throw new Error("toast five not rendered");
    await user.click(within(five).getByRole("button", { name: "Close" }));
    expect(screen.queryByText("five")).toBeNull();
    expect(visible()).toHaveLength(3);
    expect(screen.getByText("two")).toBeVisible();

    act(() => toast.dismiss());
    expect(visible()).toHaveLength(0);
  });

  it("is a labelled landmark region, with toast text announced", () => {
    render(<ToastRegion />);
    act(() => void toast.success("Saved"));
    const region = screen.getByRole("region", { name: "Notifications" });
    expect(within(region).getByRole("alert").textContent).toContain("Saved");
  });

  it("auto-dismisses after 4000 ms; loading stays until updated", () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    let loadingId = "";
    act(() => {
      toast.info("short");
      loadingId = toast.loading("working");
    });
    expect(visible()).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(TOAST_DURATION - 1));
    expect(screen.getByText("short")).toBeVisible();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText("short")).toBeNull();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText("working")).toBeVisible();

    act(() => void toast.success("done", { id: loadingId }));
    expect(screen.queryByText("working")).toBeNull();
    expect(screen.getByText("done")).toBeVisible();
    expect(visible()).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(TOAST_DURATION));
    expect(visible()).toHaveLength(0);
  });

  it("dismiss(id) closes one toast and calls onClose once", () => {
    render(<ToastRegion />);
    const onClose = vi.fn();
    let id = "";
    act(() => {
      id = toast.loading("sticky", { onClose });
      toast.update(id, { type: "loading", message: "still sticky" });
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => toast.dismiss(id));
    expect(toastQueue.visibleToasts).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled(); // onClose belonged to the replaced toast
  });

  it("toast.promise turns a loading toast into success", async () => {
    render(<ToastRegion />);
    let resolve: (v: string) => void = () => {};
    const pending = new Promise<string>((r) => (resolve = r));
    act(() => void toast.promise(pending, { loading: "Sending…", success: (v) => `Sent ${v}`, error: "Failed" }));
    expect(screen.getByText("Sending…")).toBeVisible();
    await act(async () => {
      resolve("ABC");
      await pending;
    });
    expect(screen.getByText("Sent ABC")).toBeVisible();
    expect(visible()).toHaveLength(1);
  });
});
