// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { ApiError } from "../../api";
import { SessionProvider } from "../../session";
import { setupTestI18n } from "../../i18n/testing";
import { MachineImplementations, provision } from "../../machines/implementations";
import { passwordMachine } from "../../machines/password";
import { sessionMachine, type SessionUser } from "../../machines/session";
import { Toaster, toast } from "../../ui/toast";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";
import { ProfilePage } from "./ProfilePage";

const admin: SessionUser = {
  id: 1,
  username: "admin",
  email: "admin@uy1.cm",
  firstName: "Aïcha",
  lastName: "Bello",
  roles: ["Admin"],
};

const renderProfile = (
  options: {
    verify?: (password: string) => Promise<unknown>;
    update?: (password: string) => Promise<unknown>;
    user?: SessionUser;
  } = {},
) => {
  const verify = vi.fn(options.verify ?? (async () => ({ access: "x" })));
  const update = vi.fn(options.update ?? (async () => ({})));
  const password = provision(passwordMachine, (machine) =>
    machine.provide({
      actors: {
        verifyCurrent: fromPromise(({ input }) => verify(input.password)),
        updatePassword: fromPromise(({ input }) => update(input.password)),
      },
    }),
  );
  const session = createActor(sessionMachine, {
    input: { stored: { token: "t", user: options.user ?? admin } },
  }).start();
  const user = userEvent.setup();
  render(
    <MachineImplementations of={[password]}>
      <SessionProvider actor={session}>
        <ProfilePage />
        <Toaster />
      </SessionProvider>
    </MachineImplementations>,
  );
  return { user, verify, update };
};

const errorOf = (input: HTMLElement): string =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");

afterEach(() => {
  act(() => toast.dismiss());
});

describe("strength meter", () => {
  it.each([
    ["abc", "Weak", "1"],
    ["Abcdefg1", "Medium", "2"],
    ["Abcdefgh1234!", "Strong", "3"],
  ])("%s is %s", async (password, word, value) => {
    await setupTestI18n("en");
    render(<PasswordStrengthMeter password={password} />);
    const meter = screen.getByRole("meter", { name: "Password strength" });
    expect(meter.getAttribute("aria-valuetext")).toBe(word);
    expect(meter.getAttribute("aria-valuenow")).toBe(value);
    expect(meter.getAttribute("aria-valuemax")).toBe("3");
  });

  it("says the word in French and shows nothing for an empty password", async () => {
    await setupTestI18n("fr");
    const { rerender } = render(<PasswordStrengthMeter password="" />);
    expect(screen.queryByRole("meter")).toBeNull();
    rerender(<PasswordStrengthMeter password="Abcdefg1" />);
    expect(screen.getByRole("meter", { name: "Robustesse du mot de passe" }).getAttribute("aria-valuetext")).toBe(
      "Moyen",
    );
  });
});

describe("profile page", () => {
  it("shows e-mail, username and roles with what they allow", async () => {
    await setupTestI18n("en");
    renderProfile();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Profile");
    const account = screen.getByRole("region", { name: "Account" });
    expect(within(account).getByText("admin@uy1.cm")).toBeVisible();
    expect(within(account).getByText("admin")).toBeVisible();
    expect(within(account).getByText("Admin")).toBeVisible();
    expect(within(account).getByText("Manages requests, cards and settings")).toBeVisible();
  });

  it("describes the Agent role (French)", async () => {
    await setupTestI18n("fr");
    renderProfile({ user: { ...admin, username: "agent", roles: ["Agent"] } });
    expect(screen.getByText("Examine les demandes et gère les cartes")).toBeVisible();
  });

  it("refuses an invalid form with errors under the fields", async () => {
    await setupTestI18n("en");
    const { user, verify } = renderProfile();
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    const dialog = screen.getByRole("dialog", { name: "Update Password" });
    await user.type(within(dialog).getByLabelText(/^New password/), "short");
    await user.type(within(dialog).getByLabelText(/^Confirm password/), "other");
    await user.click(within(dialog).getByRole("button", { name: "Save password" }));
    const current = within(dialog).getByLabelText(/^Current password/);
    expect(errorOf(current)).toContain("The current password is required.");
    expect(errorOf(within(dialog).getByLabelText(/^New password/))).toContain("at least 8 characters");
    expect(errorOf(within(dialog).getByLabelText(/^Confirm password/))).toContain("The passwords do not match.");
    expect(document.activeElement).toBe(current);
    expect(within(dialog).getByRole("meter").getAttribute("aria-valuetext")).toBe("Weak");
    expect(verify).not.toHaveBeenCalled();
  });

  it("says the current password is wrong under its field", async () => {
    await setupTestI18n("en");
    const { user, update } = renderProfile({
      verify: async () => {
        throw new ApiError("notValid", "login", "/api/token/", 401, { detail: "No active account" });
      },
    });
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    const dialog = screen.getByRole("dialog", { name: "Update Password" });
    await user.type(within(dialog).getByLabelText(/^Current password/), "Wrong@2026");
    await user.type(within(dialog).getByLabelText(/^New password/), "Nouveau@2026");
    await user.type(within(dialog).getByLabelText(/^Confirm password/), "Nouveau@2026");
    await user.click(within(dialog).getByRole("button", { name: "Save password" }));
    const current = within(dialog).getByLabelText(/^Current password/);
    await waitFor(() => expect(errorOf(current)).toContain("The current password is incorrect."));
    expect(within(dialog).getByRole("alert").textContent).toBe("Failed to update password");
    expect(document.activeElement).toBe(current);
    expect(update).not.toHaveBeenCalled();
  });

  it("updates the password once, closes and says so", async () => {
    await setupTestI18n("en");
    const { user, verify, update } = renderProfile();
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    const dialog = screen.getByRole("dialog", { name: "Update Password" });
    await user.type(within(dialog).getByLabelText(/^Current password/), "Admin@2026");
    await user.type(within(dialog).getByLabelText(/^New password/), "Nouveau@2026");
    await user.type(within(dialog).getByLabelText(/^Confirm password/), "Nouveau@2026{Enter}");
    expect(await screen.findByText("Password updated successfully!")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Update Password" })).toBeNull());
    expect(verify).toHaveBeenCalledWith("Admin@2026");
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith("Nouveau@2026");

    // Reopening starts empty.
    await user.click(screen.getByRole("button", { name: "Update Password" }));
    expect((within(screen.getByRole("dialog")).getByLabelText(/^Current password/) as HTMLInputElement).value).toBe("");
  });
});
