// @vitest-environment jsdom
/**
 * A bad row costs that row, not the page: the demand, card and agent lists, read through the real API client from a
 * backend whose answer holds one row the app cannot read, show their other rows and say how many were left out.
 */
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import { configureApi } from "../../api/runtime";
import { setupTestI18n } from "../../i18n/testing";
import { kinds } from "../../kinds";
import { AgentsPage } from "../agents/AgentsPage";
import { CardListScreen } from "../cards/CardListScreen";
import { DemandListScreen } from "../demands/DemandListScreen";

/** The backend: every GET answered with `body` as JSON. */
let body: unknown = null;

let i18n: Awaited<ReturnType<typeof setupTestI18n>>;
beforeAll(async () => {
  i18n = await setupTestI18n("fr");
});
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } })),
  );
  vi.spyOn(console, "warn").mockImplementation(() => {});
  configureApi({ baseUrl: "http://localhost", getToken: () => "t", onUnauthorized: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const noop = () => {};

describe("a list whose answer holds one row the app cannot read", () => {
  it("the demand list shows the other rows (integer ids, nulls, a validator id) and « 1 demande n’a pas pu être affichée »", async () => {
    body = fx.pageOf([
      { ...fx.studentDemand, id: 59, code: "DMSTUD000059", allergies: null, validator: 4, created_by: 2 },
      { ...fx.studentDemand, id: 60, code: "DMSTUD000060", gender: 7 },
      { ...fx.studentDemand, id: 61, code: "DMSTUD000061", email: null },
    ]);
    render(
      <DemandListScreen kind={kinds.student} query={{ search: "", filter: "all", page: 1 }} onQueryChange={noop} />,
    );
    expect(await screen.findByRole("link", { name: "DMSTUD000059" })).toHaveAttribute(
      "href",
      expect.stringContaining("/dashboard/student/demand/validation/59"),
    );
    expect(screen.getByRole("link", { name: "DMSTUD000061" })).toBeVisible();
    expect(screen.queryByText("DMSTUD000060")).toBeNull();
    expect(screen.getByText("1 demande n’a pas pu être affichée.")).toBeVisible();
  });

  it("the card list says it in the plural for two, in English too", async () => {
    await i18n.changeLanguage("en");
    try {
      body = fx.pageOf([
        { ...fx.staffCard, id: 1, code: "PCPERS000001" },
        { ...fx.staffCard, id: 2, code: "PCPERS000002", valid: "yes" },
        { ...fx.staffCard, id: 3, code: "PCPERS000003", register: null },
      ]);
      render(
        <CardListScreen
          kind={kinds.staff}
          query={{ search: "", filter: null, page: 1, printed: "all", state: null }}
          onQueryChange={noop}
        />,
      );
      expect(await screen.findByText("PCPERS000001")).toBeVisible();
      expect(screen.queryByText("PCPERS000002")).toBeNull();
      expect(screen.getByText("2 cards could not be shown.")).toBeVisible();
    } finally {
      await i18n.changeLanguage("fr");
    }
  });

  it("the agents page lists the readable agents and counts the other", async () => {
    body = [
      { ...fx.agent, id: 7 },
      { id: 8, username: null },
    ];
    render(<AgentsPage />);
    const table = await screen.findByRole("table");
    expect(await within(table).findByText(fx.agent.username)).toBeVisible();
    expect(screen.getByText("1 agent n’a pas pu être affiché.")).toBeVisible();
  });

  it("a list whose rows are all readable says nothing of the kind", async () => {
    body = fx.pageOf([{ ...fx.studentDemand, id: 59, code: "DMSTUD000059" }]);
    render(
      <DemandListScreen kind={kinds.student} query={{ search: "", filter: "all", page: 1 }} onQueryChange={noop} />,
    );
    expect(await screen.findByRole("link", { name: "DMSTUD000059" })).toBeVisible();
    expect(screen.queryByText(/pas pu être affichée/)).toBeNull();
  });
});
