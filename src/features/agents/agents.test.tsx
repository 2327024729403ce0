// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, type Agent } from "../../api";
import { setupTestI18n } from "../../i18n/testing";
import { agentsMachine } from "../../machines/agents";
import { MachineImplementations, provision } from "../../machines/implementations";
import { Toaster, toast } from "../../ui/toast";
import { AgentsPage } from "./AgentsPage";
import { agentsBackend, type AgentsBackendOptions } from "../../../tests/fixtures/agents-backend";

const seeded: Agent[] = [
  { id: "2", username: "agent", first_name: "Paul", last_name: "Atangana", email: "paul@uy1.cm" },
  { id: "8", username: "mballa.noel", first_name: "Noël", last_name: "Mballa", email: "" },
];

const setup = (options: AgentsBackendOptions = {}) => {
  const { machine, fetchAgents, create, remove } = agentsBackend(seeded, options);
  const user = userEvent.setup();
  render(
    <MachineImplementations of={[provision(agentsMachine, () => machine)]}>
      <AgentsPage />
      <Toaster />
    </MachineImplementations>,
  );
  return { user, fetchAgents, create, remove };
};

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("button", { name: "Add agent" }));
  return screen.getByRole("dialog", { name: "New agent" });
};

const errorOf = (input: HTMLElement): string => {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
};

beforeEach(async () => {
  await setupTestI18n("en");
});
afterEach(() => {
  act(() => toast.dismiss());
});

describe("agents page: list", () => {
  it("lists agents, then searches by username after a pause", async () => {
    const { fetchAgents } = setup();
    const table = await screen.findByRole("table", { name: "Agent list" });
    await waitFor(() => expect(within(table).getByText("mballa.noel")).toBeVisible());
    expect(within(table).getByText("Paul Atangana")).toBeVisible();
    expect(fetchAgents).toHaveBeenCalledTimes(1);

    // Three keystrokes within the pause (typed in one go: a loaded machine cannot stretch them past it), one request
    // for the whole word, not one per keystroke.
    const box = screen.getByRole("searchbox", { name: "Search by username" });
    for (const typed of ["z", "zz", "zzz"]) fireEvent.change(box, { target: { value: typed } });
    await waitFor(() => expect(within(table).getByText("No agents found")).toBeVisible());
    expect(fetchAgents).toHaveBeenCalledTimes(2);
    expect(fetchAgents).toHaveBeenLastCalledWith("zzz", expect.any(AbortSignal));
  });

  it("reports a failed load with Retry", async () => {
    const fetchAgents = vi
      .fn<(search: string) => Promise<Agent[]>>()
      .mockRejectedValueOnce(new ApiError("network", "listAgents", "/base/api/v1/appuser/get_agent/", null, "offline"))
      .mockResolvedValue(seeded);
    const { machine } = agentsBackend(seeded, { fetch: fetchAgents });
    render(
      <MachineImplementations of={[provision(agentsMachine, () => machine)]}>
        <AgentsPage />
      </MachineImplementations>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the agents");
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("mballa.noel")).toBeVisible();
  });
});

describe("agents page: add-agent dialog", () => {
  it("ties required and password-rule errors to their fields and focuses the first one", async () => {
    const { user, create } = setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Add agent" }));

    const username = within(dialog).getByLabelText(/^Username/);
    const password = within(dialog).getByLabelText(/^Password/);
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(username)).toContain("The username is required.");
    expect(errorOf(password)).toContain("The password is required.");
    expect(document.activeElement).toBe(username);
    expect(create).not.toHaveBeenCalled();

    // Errors follow what is typed; the strength meter says the word.
    await user.type(password, "abc");
    expect(errorOf(password)).toContain("The password must contain at least 8 characters.");
    expect(within(dialog).getByRole("meter", { name: "Password strength" }).getAttribute("aria-valuetext")).toBe(
      "Weak",
    );
    await user.clear(password);
    await user.type(password, "abcdefgh1");
    expect(errorOf(password)).toContain("at least 1 uppercase letter");
    await user.type(within(dialog).getByLabelText("Email"), "not-an-email");
    expect(errorOf(within(dialog).getByLabelText("Email"))).toContain("Invalid email address.");
  });

  it("shows a DRF 400's field errors at their fields (translated when known, verbatim otherwise), not 'already exists'", async () => {
    const { user, create } = setup({
      create: async () => {
        throw new ApiError("badRequest", "createAgent", "/base/api/v1/appuser/create_agent/", 400, {
          email: ["Enter a valid email address."],
          password: ["This password is too common."],
        });
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Username/), "new.agent");
    await user.type(within(dialog).getByLabelText("Email"), "x@y.cm");
    await user.type(within(dialog).getByLabelText(/^Password/), "Secret@2026");
    await user.click(within(dialog).getByRole("button", { name: "Add agent" }));

    const email = within(dialog).getByLabelText("Email");
    await waitFor(() => expect(errorOf(email)).toContain("Invalid email address."));
    expect(errorOf(within(dialog).getByLabelText(/^Password/, { selector: "input" }))).toContain(
      "This password is too common.",
    );
    expect(errorOf(within(dialog).getByLabelText(/^Username/))).not.toContain("already exists");
    expect(create).toHaveBeenCalledTimes(1);
    // Correcting a field clears its server error.
    await user.type(email, "m");
    expect(errorOf(email)).not.toContain("Invalid email address.");
  });

  it("says 'Agent already exists' under the username and keeps what was typed", async () => {
    const { user, create } = setup({
      create: async () => {
        throw new ApiError("exist", "createAgent", "/base/api/v1/appuser/create_agent/", 400, { username: ["exists"] });
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Username/), "agent");
    await user.type(within(dialog).getByLabelText("First name"), "Paul");
    await user.type(within(dialog).getByLabelText(/^Password/), "Secret@2026");
    await user.click(within(dialog).getByRole("button", { name: "Add agent" }));

    const username = within(dialog).getByLabelText(/^Username/) as HTMLInputElement;
    await waitFor(() => expect(errorOf(username)).toContain("Agent already exists"));
    expect(create).toHaveBeenCalledTimes(1);
    expect(username.value).toBe("agent");
    expect((within(dialog).getByLabelText("First name") as HTMLInputElement).value).toBe("Paul");
    expect(screen.getByRole("dialog", { name: "New agent" })).toBeVisible();
    await waitFor(() => expect(document.activeElement).toBe(username));
  });

  it("creates once on a double submit, closes, toasts and refreshes the list", async () => {
    let finish: () => void = () => {};
    const { user, create, fetchAgents } = setup({
      create: (a) =>
        new Promise<void>((resolve) => {
          finish = resolve;
          void a;
        }),
    });
    await screen.findByText("mballa.noel");
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Username/), "ngono.marie");
    await user.type(within(dialog).getByLabelText(/^Password/), "Secret@2026");
    const submit = within(dialog).getByRole("button", { name: "Add agent" });
    await user.click(submit);
    await user.click(submit);
    await user.keyboard("{Enter}");
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({
      username: "ngono.marie",
      password: "Secret@2026",
      first_name: "",
      last_name: "",
      email: "",
    });

    await act(async () => finish());
    expect(await screen.findByText("Agent added")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New agent" })).toBeNull());
    await waitFor(() => expect(fetchAgents).toHaveBeenCalledTimes(2));
  });
});

describe("agents page: delete", () => {
  it("asks 'Delete this agent?', deletes on confirm and says so", async () => {
    const { user, remove } = setup();
    await screen.findByText("mballa.noel");
    await user.click(screen.getByRole("button", { name: "Delete mballa.noel" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete this agent?" });
    expect(dialog.textContent).toContain("mballa.noel");
    // Focus starts on Cancel: Enter never deletes by accident.
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Agent deleted")).toBeVisible();
    expect(remove).toHaveBeenCalledWith("8");
    expect(remove).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText("mballa.noel")).toBeNull());
    expect(screen.queryByRole("alertdialog", { name: "Delete this agent?" })).toBeNull();
  });

  it("cancel keeps the agent", async () => {
    const { user, remove } = setup();
    await screen.findByText("mballa.noel");
    await user.click(screen.getByRole("button", { name: "Delete agent" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog", { name: "Delete this agent?" })).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByText("Paul Atangana")).toBeVisible();
  });
});
