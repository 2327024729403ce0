// @own-modules
// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createActor, fromPromise } from "xstate";
import type { Profile } from "../../api";
import { ApiError } from "../../api/errors";
import { SessionProvider } from "../../session";
import { setupTestI18n } from "../../i18n/testing";
import { sessionMachine } from "../../machines/session";
import { LoginPage } from "./LoginPage";

// The page is rendered without a router: the layout (header links) is stubbed out.
vi.mock("../layout/PublicLayout", () => ({
  PublicLayout: ({ children }: { children: React.ReactNode }) => <>{children}</>,
}));

type Credentials = { username: string; password: string };
const profile: Profile = { id: 1, username: "admin", email: "a@b.cm", first_name: "Aïcha", last_name: "B", groups: [] };

const setup = async (login = vi.fn(async (_: Credentials) => ({ access: "t" }))) => {
  await setupTestI18n("fr");
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }: { input: Credentials }) => login(input)),
        loadProfile: fromPromise(async () => profile),
      },
    }),
    { input: { stored: null } },
  ).start();
  render(
    <SessionProvider actor={actor}>
      <LoginPage />
    </SessionProvider>,
  );
  return { actor, login };
};

describe("LoginPage", () => {
  it("shows no error before the first attempt, then names the missing fields without calling the server", async () => {
    const { login } = await setup();
    expect(screen.queryByText("Le nom d'utilisateur est obligatoire.")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(screen.getByText("Le nom d'utilisateur est obligatoire.")).toBeVisible();
    expect(screen.getByText("Le mot de passe est obligatoire.")).toBeVisible();
    expect(login).not.toHaveBeenCalled();
  });

  it("sends the trimmed username and the password", async () => {
    const { login } = await setup();
    await userEvent.type(screen.getByLabelText(/Nom d'utilisateur/), "  admin ");
    await userEvent.type(screen.getByLabelText(/Mot de passe/), "Admin@2026");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(login).toHaveBeenCalledWith({ username: "admin", password: "Admin@2026" });
  });

  it("a wrong password marks both fields invalid, described by the refusal, until the next attempt", async () => {
    const refused = vi.fn(async (_: Credentials): Promise<{ access: string }> => {
      throw new ApiError("notValid", "login", "/api/token/", 401, { detail: "No active account" });
    });
    await setup(refused);
    await userEvent.type(screen.getByLabelText(/Nom d'utilisateur/), "admin");
    await userEvent.type(screen.getByLabelText(/Mot de passe/), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    const alert = await screen.findByRole("alert");
    for (const field of [screen.getByLabelText(/Nom d'utilisateur/), screen.getByLabelText(/Mot de passe/)]) {
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
    }
  });
});
