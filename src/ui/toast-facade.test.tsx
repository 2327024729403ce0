// @own-modules
// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestI18n } from "../i18n/testing";
import { toast, Toaster } from "./toast";

beforeAll(async () => {
  await setupTestI18n("en");
  // The region's module is loaded here, once: the test then waits for React, not for a slow machine's compile
  // of react-aria's toast (it still renders nothing until a toast is asked for).
  await import("./ToastRegion");
});

describe("toast facade", () => {
  it("renders nothing until a toast is asked for, then loads the region and shows the waiting toasts in order", async () => {
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe("");
    act(() => {
      toast.success("first");
      toast.info("second");
    });
    const region = await screen.findByRole("region", { name: "Notifications" });
    expect(region.textContent).toContain("first");
    expect(region.textContent).toContain("second");
    act(() => toast.dismiss());
  });
});
