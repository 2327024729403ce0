// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { referenceData, staffCard } from "../../../tests/fixtures/entities";
import type { Page } from "../../api";
import type { ReferenceData, ReferenceName } from "../../api/schemas";
import { ReferenceDataProvider } from "../../app/reference-data";
import { setupTestI18n } from "../../i18n/testing";
import { staff } from "../../kinds";
import type { AnyCard } from "../../machines/card-lifecycle";
import { MachineImplementations, provision } from "../../machines/implementations";
import { cardList } from "../../machines/lists";
import { pageFetcher, type ListRequest } from "../../machines/paged-list";
import { referenceDataMachine } from "../../machines/reference-data";
import type { CardListQuery } from "../lists/list-query";
import { CardListScreen } from "./CardListScreen";

const referenceActor = () =>
  createActor(
    referenceDataMachine.provide({
      actors: { fetchAll: fromPromise<ReferenceData, { names: readonly ReferenceName[] }>(async () => referenceData) },
    }),
    { input: { cache: null } },
  ).start();

const card = (n: number, valid = true): AnyCard => ({
  ...staffCard,
  id: `card-${n}`,
  code: `PCPER${String(n).padStart(6, "0")}`,
  register: `P${n}`,
  firstname: "Serge",
  lastname: `Mbarga ${n}`,
  valid,
  update_at: "2026-05-06T17:08:00",
});

const renderCards = (
  fetchPage: (request: ListRequest<number | null>) => Promise<Page<AnyCard>>,
  query: CardListQuery,
) => {
  const changes: CardListQuery[] = [];
  const actor = referenceActor();
  const stubs = [provision(cardList, (machine) => machine.provide({ actors: { fetchPage: pageFetcher(fetchPage) } }))];
  const ui = (q: CardListQuery) => (
    <MachineImplementations of={stubs}>
      <ReferenceDataProvider actor={actor}>
        <CardListScreen kind={staff} query={q} onQueryChange={change} />
      </ReferenceDataProvider>
    </MachineImplementations>
  );
  const view = render(ui(query));
  function change(next: CardListQuery) {
    changes.push(next);
    view.rerender(ui(next));
  }
  return { changes };
};

describe("CardListScreen", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("lists cards with status text and a link to the detail, and x of y", async () => {
    const fetchPage = vi.fn(async () => ({ count: 2, results: [card(1), card(2, false)], next: null, previous: null }));
    renderCards(fetchPage, { search: "", filter: null, printed: "all", page: 1 });
    const table = await screen.findByRole("table", { name: "Staff — cards" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("link", { name: "PCPER000001" }).getAttribute("href")).toBe(
      "/dashboard/staff/card/card-1",
    );
    expect(first!.textContent).toContain("Mbarga 1 Serge");
    expect(first!.textContent).toContain("Active");
    expect(first!.textContent).toContain("06/05/2026 - 17:08");
    expect(second!.textContent).toContain("Inactive");
    expect(screen.getByRole("navigation", { name: "Pagination" }).textContent).toContain("1 of 1");
  });

  it("filters by service (options from the reference lists), back at page 1", async () => {
    const fetchPage = vi.fn(async (request: ListRequest<number | null>) =>
      request.filter === null
        ? { count: 1, results: [card(1)], next: null, previous: null }
        : { count: 0, results: [], next: null, previous: null },
    );
    const { changes } = renderCards(fetchPage, { search: "", filter: null, printed: "all", page: 1 });
    await screen.findByRole("link", { name: "PCPER000001" });
    const serviceLabel = referenceData.service[0]!.label_en;
    await screen.findByRole("option", { name: serviceLabel });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Service" }), serviceLabel);
    expect(changes.at(-1)).toEqual({ search: "", filter: referenceData.service[0]!.id, printed: "all", page: 1 });
    await waitFor(() => expect(screen.getByText("No card found")).toBeVisible());
  });
});
