// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setupTestI18n } from "../../i18n/testing";
import { InstallOffer } from "./InstallOffer";

/** Chromium's `beforeinstallprompt`, as a page receives it, with the guard's answer to its dialog. */
const offer = (outcome: "accepted" | "dismissed") => {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  dispatchEvent(event);
  return { prompt, event };
};

describe("installing /verify", () => {
  beforeEach(async () => {
    await setupTestI18n("fr");
  });
  afterEach(cleanup);

  it("a browser that offers nothing leaves the sentence saying how to add the page by hand", () => {
    render(<InstallOffer />);
    expect(screen.getByText(/Ajoutez cette page à l'écran d'accueil/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("where the browser offers it, an Install button asks the browser's dialog; accepted, it says so", async () => {
    render(<InstallOffer />);
    const { prompt, event } = offer("accepted");
    // The page shows its own button instead of the browser's mini-infobar.
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole("button", { name: "Installer le vérificateur" }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByText(/Vérificateur installé/)).toBeTruthy());
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("dismissed, the button goes until the browser offers again", async () => {
    render(<InstallOffer />);
    offer("dismissed");
    await userEvent.click(await screen.findByRole("button", { name: "Installer le vérificateur" }));
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
    expect(screen.getByText(/Ajoutez cette page à l'écran d'accueil/)).toBeTruthy();
  });
});
