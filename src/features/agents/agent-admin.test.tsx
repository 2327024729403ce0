// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import type { Agent } from "../../api";
import type { Capability } from "../../api/capabilities";
import { RuntimeContext } from "../../app/runtime-context";
import { setupTestI18n } from "../../i18n/testing";
import { agentAdminMachine } from "../../machines/agent-admin";
import { agentsMachine } from "../../machines/agents";
import { MachineImplementations, provision } from "../../machines/implementations";
import { Toaster, toast } from "../../ui/toast";
import { AgentsPage } from "./AgentsPage";
import { agentsBackend } from "../../../tests/fixtures/agents-backend";
import { liveRuntime } from "../../../tests/fixtures/runtime";

/** The agents page with extension `agent-admin`: edit, disable and enable, a new password; without it, none. */

const render_ = (capabilities: readonly Capability[]) => {
  let agents: Agent[] = [
    { id: "2", username: "agent", first_name: "Paul", last_name: "Atangana", email: "paul@uy1.cm", is_active: true },
    { id: "8", username: "mballa.noel", first_name: "Noël", last_name: "Mballa", email: "", is_active: false },
  ];
  const sent = vi.fn(async ({ agent, request }: { agent: Agent; request: unknown }) => {
    const edit = (request as { kind: string; edit?: Partial<Agent> }).edit ?? {};
    const updated = { ...agent, ...edit };
    agents = agents.map((a) => (a.id === agent.id ? updated : a));
    return updated;
  });
  const { machine } = agentsBackend([], { fetch: async () => agents });
  const user = userEvent.setup();
  render(
    <RuntimeContext.Provider value={liveRuntime(capabilities)}>
      <MachineImplementations
        of={[
          provision(agentsMachine, () => machine),
          provision(agentAdminMachine, (m) => m.provide({ actors: { send: fromPromise(({ input }) => sent(input)) } })),
        ]}
      >
        <AgentsPage />
        <Toaster />
      </MachineImplementations>
    </RuntimeContext.Provider>,
  );
  return { user, sent };
};

beforeEach(async () => {
  await setupTestI18n("en");
});
afterEach(() => {
  act(() => toast.dismiss());
});

describe("agents page with agent-admin", () => {
  it("edits an agent's names: the dialog starts from the row, the list shows the change", async () => {
    const { user, sent } = render_(["agent-admin"]);
    const table = await screen.findByRole("table", { name: "Agent list" });
    await user.click(await within(table).findByRole("button", { name: "Edit agent" }));
    const dialog = screen.getByRole("dialog", { name: "Edit agent agent" });
    const first = within(dialog).getByRole("textbox", { name: "First name" });
    expect(first).toHaveValue("Paul");
    await user.clear(first);
    await user.type(first, "Pauline");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(table).getByText("Pauline Atangana")).toBeVisible());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Agent updated")).toBeVisible();
    expect(sent.mock.calls[0]?.[0].request).toEqual({
      kind: "update",
      edit: { first_name: "Pauline", last_name: "Atangana", email: "paul@uy1.cm" },
    });
  });

  it("disables after saying the history stays; a disabled agent is marked and offers Enable", async () => {
    const { user, sent } = render_(["agent-admin"]);
    const table = await screen.findByRole("table", { name: "Agent list" });
    const disabledRow = (await within(table).findByText("mballa.noel")).closest("tr")!;
    expect(within(disabledRow).getByText("Disabled")).toBeVisible();
    expect(within(disabledRow).getByRole("button", { name: "Enable mballa.noel" })).toBeVisible();

    await user.click(within(table).getByRole("button", { name: "Disable agent" }));
    const confirm = screen.getByRole("alertdialog", { name: "Disable this agent?" });
    expect(confirm).toHaveTextContent("Their history (cards validated, activity) is kept.");
    await user.click(within(confirm).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("Agent disabled")).toBeVisible();
    await waitFor(() => expect(within(table).getAllByText("Disabled")).toHaveLength(2));
    expect(sent.mock.calls[0]?.[0].request).toEqual({ kind: "update", edit: { is_active: false } });
  });

  it("sets a new password once typed twice alike", async () => {
    const { user, sent } = render_(["agent-admin"]);
    const table = await screen.findByRole("table", { name: "Agent list" });
    await user.click(await within(table).findByRole("button", { name: "Reset the password of agent" }));
    const dialog = screen.getByRole("dialog", { name: "New password for agent" });
    await user.type(within(dialog).getByLabelText(/^Password/), "Reset@2027x");
    await user.type(within(dialog).getByLabelText(/^Confirmation/), "Reset@2027y");
    await user.click(within(dialog).getByRole("button", { name: "Save the password" }));
    expect(sent).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText(/^Confirmation/));
    await user.type(within(dialog).getByLabelText(/^Confirmation/), "Reset@2027x");
    await user.click(within(dialog).getByRole("button", { name: "Save the password" }));
    expect(await screen.findByText("Password reset")).toBeVisible();
    expect(sent.mock.calls.map(([input]) => input.request)).toEqual([{ kind: "reset", password: "Reset@2027x" }]);
  });

  it("without the capability the row offers none of it, as docs/spec.md shows the page", async () => {
    render_([]);
    const table = await screen.findByRole("table", { name: "Agent list" });
    await within(table).findByText("mballa.noel");
    expect(within(table).queryByRole("button", { name: /^(Edit|Disable|Enable|Reset)/ })).toBeNull();
    expect(within(table).queryByText("Disabled")).toBeNull();
    expect(within(table).getAllByRole("button", { name: /^Delete / })).toHaveLength(2);
  });
});
