// @vitest-environment jsdom
/**
 * A bad row costs that row, not the page: the demand, card and agent lists, read through the real API client from a
 * backend whose answer holds one row the app cannot read, show their other rows and say how many were left out; so
 * do the print picker and the bulk renewal, which read a whole card list.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as fx from "../../../tests/fixtures/entities";
import { configureApi } from "../../api/runtime";
import { setupTestI18n } from "../../i18n/testing";
import { kinds } from "../../kinds";
import { AgentsPage } from "../agents/AgentsPage";
import { CardListScreen, type CardListScreenProps } from "../cards/CardListScreen";
import { BulkRenewalScreen } from "../cards/lifecycle/BulkRenewalScreen";
import { DemandListScreen } from "../demands/DemandListScreen";

/** The backend: every GET answered with `body` as JSON, a second page (`?page=2`) with `page2` when given. */
let body: unknown = null;
let page2: unknown = null;

let i18n: Awaited<ReturnType<typeof setupTestI18n>>;
beforeAll(async () => {
  i18n = await setupTestI18n("fr");
});
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      const answer = page2 !== null && url.includes("page=2") ? page2 : body;
      return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
    }),
  );
  vi.spyOn(console, "warn").mockImplementation(() => {});
  configureApi({ baseUrl: "http://localhost", getToken: () => "t", onUnauthorized: () => {} });
});
afterEach(() => {
  page2 = null;
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

describe("a whole card list read for printing or renewal, one of whose rows the app cannot read", () => {
  const card = (n: number, more: object = {}) => ({ ...fx.studentCard, id: n, code: `PCSTUD00000${n}`, ...more });
  const printList: CardListScreenProps["query"] = { search: "", filter: null, page: 1, printed: "all", state: null };
  /** A list of two pages: the first all readable, the second with one good card never printed and `bad` rows. */
  const twoPages = (bad: readonly object[]) => {
    body = fx.pageOf([card(1, { print_count: 0 }), card(2, { print_count: 0 })], {
      count: 3 + bad.length,
      next: "http://localhost/x/?page=2",
    });
    page2 = fx.pageOf([card(3, { print_count: 0 }), ...bad], { previous: "http://localhost/x/" });
  };

  it("the print picker adds the readable cards never printed to the batch, and says « 1 carte n’a pas pu être affichée »", async () => {
    twoPages([card(4, { valid: "yes" })]);
    render(<CardListScreen kind={kinds.student} query={printList} onQueryChange={noop} username="ama" />);
    expect(await screen.findByText("PCSTUD000001")).toBeVisible();
    // The page itself is whole: nothing said before the picker reads the rest of the list.
    expect(screen.queryByText(/pas pu être affichée/)).toBeNull();
    await userEvent.click(
      screen.getByRole("button", { name: "Ajouter au lot toutes les cartes non imprimées de cette liste" }),
    );
    expect(await screen.findByRole("link", { name: "Ouvrir le lot d'impression (3)" })).toBeVisible();
    expect(screen.getByText("1 carte n’a pas pu être affichée.")).toBeVisible();
  });

  it("selecting all the list's cards says how many rows it could not read, in English too", async () => {
    await i18n.changeLanguage("en");
    try {
      twoPages([card(4, { valid: "yes" }), { id: 5 }]);
      render(<CardListScreen kind={kinds.student} query={printList} onQueryChange={noop} />);
      expect(await screen.findByText("PCSTUD000001")).toBeVisible();
      await userEvent.click(screen.getByRole("button", { name: "Select all 5 matching cards" }));
      expect(await screen.findByText(/^3 cards selected/)).toBeVisible();
      expect(screen.getByText("2 cards could not be shown.")).toBeVisible();
    } finally {
      await i18n.changeLanguage("fr");
    }
  });

  it("the bulk renewal offers the readable expired cards and says « 1 carte n’a pas pu être affichée »", async () => {
    body = fx.pageOf([card(1), card(2, { register: null })]);
    render(<BulkRenewalScreen kind={kinds.student} />);
    expect(await screen.findByRole("checkbox", { name: "Renouveler la carte PCSTUD000001" })).toBeChecked();
    expect(screen.queryByRole("checkbox", { name: "Renouveler la carte PCSTUD000002" })).toBeNull();
    expect(screen.getByText("1 carte n’a pas pu être affichée.")).toBeVisible();
  });
});
