// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import type { ActivityRange } from "../../api";
import type { Capability } from "../../api/capabilities";
import type { ActivityRow } from "../../api/schemas/lifecycle";
import { RuntimeContext } from "../../app/runtime-context";
import { setupTestI18n } from "../../i18n/testing";
import { agentActivityMachine } from "../../machines/agent-activity";
import { MachineImplementations, provision } from "../../machines/implementations";
import { AgentActivityScreen } from "./AgentActivityScreen";
import { liveRuntime } from "../../../tests/fixtures/runtime";

const rows: ActivityRow[] = [
  { day: "2026-11-20", agent: { username: "agent", first_name: "Awa" }, validated: 4 },
  { day: "2026-11-20", agent: null, digital: 3 },
];

const show = (capabilities: readonly Capability[]) =>
  render(
    <RuntimeContext.Provider value={liveRuntime(capabilities)}>
      <MachineImplementations
        of={[
          provision(agentActivityMachine, (m) =>
            m.provide({
              actors: { readActivity: fromPromise<readonly ActivityRow[], ActivityRange>(async () => rows) },
            }),
          ),
        ]}
      >
        <AgentActivityScreen />
      </MachineImplementations>
    </RuntimeContext.Provider>,
  );

describe("agents' activity screen, digital cards", () => {
  beforeAll(async () => {
    await setupTestI18n("fr");
  });

  it("shows the day's digital cards in the holders' own row, and their total beside the agents'", async () => {
    show(["lifecycle", "digital-card"]);
    const byDay = await screen.findByRole("table", { name: "Jour par jour" });
    const holders = within(byDay).getByRole("row", { name: /Titulaires \(carte numérique\)/ });
    expect(within(holders).getAllByRole("cell").at(-1)?.textContent).toMatch(/^Cartes numériques\s*3$/);
    expect(within(byDay).getByRole("columnheader", { name: "Cartes numériques" })).toBeDefined();
    expect(
      screen.getByText("Cartes numériques ouvertes par leurs titulaires sur la période\u00a0: 3", {
        normalizer: (text) => text,
      }),
    ).toBeDefined();
    const totals = screen.getByRole("table", { name: "Total par agent" });
    expect(within(totals).queryByText(/Titulaires/)).toBeNull();
  });

  it("without the capability, nothing of them", async () => {
    show(["lifecycle"]);
    const byDay = await screen.findByRole("table", { name: "Jour par jour" });
    expect(within(byDay).queryByText(/Titulaires/)).toBeNull();
    expect(within(byDay).queryByRole("columnheader", { name: "Cartes numériques" })).toBeNull();
    expect(screen.queryByText(/ouvertes par leurs titulaires/)).toBeNull();
  });
});
