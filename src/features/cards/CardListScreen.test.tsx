// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { referenceData, staffCard } from "../../../tests/fixtures/entities";
import type { FileBody, Page } from "../../api";
import type { ReferenceData, ReferenceName } from "../../api/schemas";
import type { Capability } from "../../api/capabilities";
import { ReferenceDataProvider } from "../../app/reference-data";
import { RuntimeContext } from "../../app/runtime-context";
import { setupTestI18n } from "../../i18n/testing";
import { staff } from "../../kinds";
import type { AnyCard } from "../../machines/card-lifecycle";
import { MachineImplementations, provision } from "../../machines/implementations";
import { cardList } from "../../machines/lists";
import { excelConverterWith, exportMachine } from "../../machines/export";
import { printPickerMachine, type MatchingInput, type MatchingCards } from "../../machines/print-picker";
import { pageFetcher, type ListRequest } from "../../machines/paged-list";
import { referenceDataMachine } from "../../machines/reference-data";
import type { CardListQuery } from "../lists/list-query";
import { CardListScreen } from "./CardListScreen";
import { liveRuntime } from "../../../tests/fixtures/runtime";

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
  matching: (input: MatchingInput) => Promise<MatchingCards> = async () => ({ cards: [], capped: false }),
  capabilities: readonly Capability[] = [],
  more: ReadonlyArray<ReturnType<typeof provision>> = [],
) => {
  const changes: CardListQuery[] = [];
  const actor = referenceActor();
  const stubs = [
    provision(cardList, (machine) => machine.provide({ actors: { fetchPage: pageFetcher(fetchPage) } })),
    provision(printPickerMachine, (machine) =>
      machine.provide({ actors: { collectMatching: fromPromise(({ input }) => matching(input)) } }),
    ),
    ...more,
  ];
  const ui = (q: CardListQuery) => (
    <RuntimeContext.Provider value={liveRuntime(capabilities)}>
      <MachineImplementations of={stubs}>
        <ReferenceDataProvider actor={actor}>
          <CardListScreen kind={staff} query={q} onQueryChange={change} />
        </ReferenceDataProvider>
      </MachineImplementations>
    </RuntimeContext.Provider>
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
    renderCards(fetchPage, { search: "", filter: null, printed: "all", state: null, page: 1 });
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
    const { changes } = renderCards(fetchPage, { search: "", filter: null, printed: "all", state: null, page: 1 });
    await screen.findByRole("link", { name: "PCPER000001" });
    const serviceLabel = referenceData.service[0]!.label_en;
    await screen.findByRole("option", { name: serviceLabel });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Service" }), serviceLabel);
    expect(changes.at(-1)).toEqual({
      search: "",
      filter: referenceData.service[0]!.id,
      printed: "all",
      state: null,
      page: 1,
    });
    await waitFor(() => expect(screen.getByText("No card found")).toBeVisible());
  });

  /** 25 cards, 10 a page, as the backend pages them. */
  const pages = async (request: ListRequest<number | null>): Promise<Page<AnyCard>> => {
    const all = Array.from({ length: 25 }, (_, i) => card(i + 1, i !== 24));
    const page = request.link ? Number(new URL(request.link, "http://x").searchParams.get("page")) : request.page;
    const start = (page - 1) * 10;
    return {
      count: all.length,
      results: all.slice(start, start + 10),
      next: start + 10 < all.length ? `http://x/?page=${page + 1}` : null,
      previous: page > 1 ? `http://x/?page=${page - 1}` : null,
    };
  };

  it("keeps the selection while paging through the list", async () => {
    renderCards(pages, { search: "", filter: null, printed: "all", state: null, page: 1 });
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select card PCPER000001" }));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select card PCPER000012" }));
    expect(screen.getByRole("button", { name: "Add the selection to the batch (2)" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    const first = await screen.findByRole("checkbox", { name: "Select card PCPER000001" });
    expect((first as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("button", { name: "Add the selection to the batch (2)" })).toBeTruthy();
  });

  it("selects all the cards matching the list's search, filter and print status, not only the page", async () => {
    const matching = vi.fn(async (input: MatchingInput) => ({
      cards: Array.from({ length: 24 }, (_, i) => card(i + 1)).map((c) => ({
        id: c.id,
        code: c.code,
        register: c.register,
        name: "x",
        group: null,
        printCount: 0,
      })),
      capped: input.scope.search === "capped",
    }));
    renderCards(pages, { search: "", filter: 2, printed: "no", state: null, page: 1 }, matching);
    await userEvent.click(await screen.findByRole("button", { name: "Select all 25 matching cards" }));
    expect(await screen.findByRole("button", { name: "Add the selection to the batch (24)" })).toBeTruthy();
    expect(matching).toHaveBeenCalledWith(expect.objectContaining({ scope: { search: "", filter: 2, printed: "no" } }));
    expect(screen.getByText("24 cards selected (inactive cards are left out).").getAttribute("role")).toBe("status");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select card PCPER000003" }));
    expect(screen.getByRole("button", { name: "Add the selection to the batch (23)" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Clear the selection" }));
    expect(screen.getByRole("button", { name: "Add the selection to the batch (0)" })).toBeTruthy();
  });

  it("says so when the matching cards are more than a batch holds", async () => {
    const matching = async () => ({ cards: [], capped: true });
    renderCards(pages, { search: "", filter: null, printed: "all", state: null, page: 1 }, matching);
    await userEvent.click(await screen.findByRole("button", { name: "Select all 25 matching cards" }));
    expect(
      await screen.findByText("Only the first 400 matching cards were selected: a batch holds 400 cards at most."),
    ).toBeTruthy();
  });

  it("exports the list as it is or as the CSV for Excel (French), with the list's service filter", async () => {
    const csv: FileBody = {
      blob: new Blob(["Code,Status\r\nPCPER000001,true\r\n"]),
      fileName: null,
      contentType: "text/csv",
    };
    const exported: (number | null)[] = [];
    const saved: { fileName: string; text: string }[] = [];
    const exporting = provision(exportMachine, (machine) =>
      machine.provide({
        actors: {
          exportFile: fromPromise(async ({ input }) => {
            exported.push(input.filter);
            return csv;
          }),
          toExcel: excelConverterWith(async () => []),
        },
        actions: {
          saveFile: (_, params) =>
            void params.file.blob.text().then((text) => saved.push({ fileName: params.fileName, text })),
        },
      }),
    );
    const fetchPage = async () => ({ count: 1, results: [card(1)], next: null, previous: null });
    renderCards(fetchPage, { search: "", filter: 2, printed: "all", state: null, page: 1 }, undefined, [], [exporting]);
    const excel = await screen.findByRole("button", { name: "Export this list — CSV for Excel (French)" });
    const plain = screen.getByRole("button", { name: "Export this list (CSV)" });
    await userEvent.click(excel);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toMatch(/^cards-staff-\d{4}-\d{2}-\d{2}-excel\.csv$/);
    // The Excel variant: `;` separators and the status as the screen says it.
    expect(saved[0]!.text).toContain(";");
    expect(saved[0]!.text).toContain("Active");
    await userEvent.click(plain);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.fileName).toMatch(/^cards-staff-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported).toEqual([2, 2]);
  });

  it("without the lifecycle capability, offers no state filter", async () => {
    renderCards(pages, { search: "", filter: null, printed: "all", state: null, page: 1 });
    await screen.findByRole("link", { name: "PCPER000001" });
    expect(screen.getByRole("combobox", { name: "Printing" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "State" })).toBeNull();
  });

  it("with the lifecycle capability, filters by state (in the query, back at page 1) and selects within it", async () => {
    const matching = vi.fn(async () => ({ cards: [], capped: false }));
    const { changes } = renderCards(
      pages,
      { search: "", filter: null, printed: "all", state: null, page: 3 },
      matching,
      ["lifecycle"],
    );
    await screen.findByRole("link", { name: "PCPER000021" });
    const stateFilter = screen.getByRole("combobox", { name: "State" });
    expect(
      within(stateFilter)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All states", "Active", "Suspended", "Replaced", "Expired"]);
    await userEvent.selectOptions(stateFilter, "Suspended");
    expect(changes.at(-1)).toEqual({ search: "", filter: null, printed: "all", state: "suspended", page: 1 });
    await userEvent.click(await screen.findByRole("button", { name: "Select all 25 matching cards" }));
    expect(matching).toHaveBeenCalledWith(
      expect.objectContaining({ scope: { search: "", filter: null, printed: "all", state: "suspended" } }),
    );
  });

  it("with the lifecycle capability, the status column names each card's state, a suspension's reason and a renewal", async () => {
    const rows = [
      { ...card(1), state: "active" as const, valid_until: "2099-09-30" },
      { ...card(2, false), state: "suspended" as const, state_reason: "stolen" as const, valid_until: "2099-09-30" },
      { ...card(3, false), state: "replaced" as const, valid_until: "2099-09-30" },
      { ...card(4, false), state: "expired" as const, valid_until: "2020-09-30" },
      { ...card(5), state: "active" as const, valid_until: "2099-09-30", renews: "card-4" },
    ];
    renderCards(
      async () => ({ count: 4, results: rows, next: null, previous: null }),
      {
        search: "",
        filter: null,
        printed: "all",
        state: null,
        page: 1,
      },
      undefined,
      ["lifecycle"],
    );
    const table = await screen.findByRole("table", { name: "Staff — cards" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(6));
    const [, active, suspended, replaced, expired, renewal] = within(table).getAllByRole("row");
    expect(within(active!).getByText("Active")).toBeVisible();
    expect(within(suspended!).getByText("Suspended")).toBeVisible();
    expect(within(suspended!).getByText("Stolen")).toBeVisible();
    expect(within(replaced!).getByText("Replaced")).toBeVisible();
    expect(within(expired!).getByText("Expired")).toBeVisible();
    // A card made from a renewal demand is marked as the demand lists mark it; a first card is not.
    expect(within(renewal!).getByText("Renewal")).toBeVisible();
    expect(within(table).getAllByText("Renewal")).toHaveLength(1);
    expect(table.textContent).not.toContain("Inactive");
  });

  it("without the lifecycle capability, the status column says Active or Inactive whatever the answer holds", async () => {
    const rows = [{ ...card(2, false), state: "suspended" as const, state_reason: "stolen" as const }];
    renderCards(async () => ({ count: 1, results: rows, next: null, previous: null }), {
      search: "",
      filter: null,
      printed: "all",
      state: null,
      page: 1,
    });
    const table = await screen.findByRole("table", { name: "Staff — cards" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(within(table).getByText("Inactive")).toBeVisible();
    expect(within(table).queryByText("Suspended")).toBeNull();
    expect(within(table).queryByText("Stolen")).toBeNull();
  });

  it("with the lifecycle capability, exports the list with its state filter", async () => {
    const csv: FileBody = { blob: new Blob(["Code\r\n"]), fileName: null, contentType: "text/csv" };
    const exported: unknown[] = [];
    const exporting = provision(exportMachine, (machine) =>
      machine.provide({
        actors: {
          exportFile: fromPromise(async ({ input }) => {
            exported.push(input);
            return csv;
          }),
        },
        actions: { saveFile: () => undefined },
      }),
    );
    renderCards(
      pages,
      { search: "", filter: 2, printed: "all", state: "suspended", page: 1 },
      undefined,
      ["lifecycle"],
      [exporting],
    );
    await userEvent.click(await screen.findByRole("button", { name: "Export this list (CSV)" }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]).toEqual({ target: "staff", filter: 2, state: "suspended" });
  });

  it("without the lifecycle capability, a state in the URL does not reach the export", async () => {
    const csv: FileBody = { blob: new Blob(["Code\r\n"]), fileName: null, contentType: "text/csv" };
    const exported: unknown[] = [];
    const exporting = provision(exportMachine, (machine) =>
      machine.provide({
        actors: {
          exportFile: fromPromise(async ({ input }) => {
            exported.push(input);
            return csv;
          }),
        },
        actions: { saveFile: () => undefined },
      }),
    );
    renderCards(
      pages,
      { search: "", filter: null, printed: "all", state: "suspended", page: 1 },
      undefined,
      [],
      [exporting],
    );
    await userEvent.click(await screen.findByRole("button", { name: "Export this list (CSV)" }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]).toEqual({ target: "staff", filter: null, state: null });
  });
});
