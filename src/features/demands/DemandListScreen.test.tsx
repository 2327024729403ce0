// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { studentDemand } from "../../../tests/fixtures/entities";
import { ApiError, type Page } from "../../api";
import { RuntimeContext } from "../../app/runtime-context";
import { setupTestI18n } from "../../i18n/testing";
import { student } from "../../kinds";
import type { AnyDemand } from "../../machines/demand-validation";
import { MachineImplementations, provision } from "../../machines/implementations";
import type { DemandListFilter } from "../../machines/demand-list-filter";
import { demandList } from "../../machines/lists";
import { pageFetcher, type FetchPage, type ListRequest } from "../../machines/paged-list";
import { DemandListScreen } from "./DemandListScreen";
import { newDemandsMachine } from "../../machines/new-demands";
import { fromPromise } from "xstate";
import type { DemandListQuery } from "../lists/list-query";
import { liveRuntime } from "../../../tests/fixtures/runtime";

const demand = (n: number): AnyDemand => ({
  ...studentDemand,
  id: `id-${n}`,
  code: `DMSTUD${String(n).padStart(6, "0")}`,
  register: `REG${n}`,
  lastname: "Ngono",
  firstname: `Aïcha ${n}`,
  gender: 1,
  validated: n % 2 === 0,
  insert_at: "2026-03-04T09:05:00",
});

const link = (page: number | null) => (page === null ? null : `http://demo/student/api/v1/demand/?page=${page}`);

/** A stub of the server: 23 demands, 10 a page, next/previous links like DRF. */
const server = (all: AnyDemand[]) =>
  vi.fn(async (request: ListRequest<DemandListFilter>): Promise<Page<AnyDemand>> => {
    const found = all.filter((d) => d.code.includes(request.search) || d.register.includes(request.search));
    const page = request.link ? Number(new URL(request.link).searchParams.get("page") ?? 1) : request.page;
    const results = found.slice((page - 1) * 10, page * 10);
    return {
      count: found.length,
      results,
      next: page * 10 < found.length ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
    };
  });

/** The demand list reading `fetchPage` instead of the API. */
const listing = (fetchPage: FetchPage<AnyDemand, DemandListFilter>) => [
  provision(demandList, (machine) => machine.provide({ actors: { fetchPage: pageFetcher(fetchPage) } })),
];

const initial: DemandListQuery = { search: "", filter: "no_validated", page: 1 };

/** The screen driven by a URL stand-in: onQueryChange re-renders it with the new query, as the router does. */
const renderList = (fetchPage: FetchPage<AnyDemand, DemandListFilter>, query: DemandListQuery = initial) => {
  const changes: DemandListQuery[] = [];
  const stubs = listing(fetchPage);
  const view = render(
    <MachineImplementations of={stubs}>
      <DemandListScreen kind={student} query={query} onQueryChange={change} />
    </MachineImplementations>,
  );
  /** The URL now names `next` (Back, Forward, a link): the screen is rendered with it. */
  function go(next: DemandListQuery) {
    view.rerender(
      <MachineImplementations of={stubs}>
        <DemandListScreen kind={student} query={next} onQueryChange={change} />
      </MachineImplementations>,
    );
  }
  // The router navigates after the screen's own work (an effect may ask for it): so does this stand-in.
  function change(next: DemandListQuery) {
    changes.push(next);
    queueMicrotask(() => go(next));
  }
  return { ...view, changes, go };
};

describe("DemandListScreen", () => {
  beforeAll(async () => {
    await setupTestI18n("en");
  });

  it("renders the rows with code link, name, gender label, status text and formatted date", async () => {
    const fetchPage = server(Array.from({ length: 23 }, (_, i) => demand(i + 1)));
    renderList(fetchPage);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Students — requests");
    const table = await screen.findByRole("table", { name: "Students — requests" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(11));
    const first = within(table).getAllByRole("row")[1]!;
    expect(within(first).getByRole("link", { name: "DMSTUD000001" }).getAttribute("href")).toBe(
      "/dashboard/student/demand/validation/id-1",
    );
    expect(first.textContent).toContain("REG1");
    expect(first.textContent).toContain("Ngono Aïcha 1");
    expect(first.textContent).toContain("Female");
    expect(first.textContent).toContain("Pending");
    expect(first.textContent).toContain("04/03/2026 - 09:05");
    expect(within(table).getAllByRole("row")[2]!.textContent).toContain("Validated");
    expect(fetchPage).toHaveBeenCalledWith(
      { search: "", filter: { status: "no_validated", dates: null }, page: 1, link: null },
      expect.anything(),
    );
    expect(
      (screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe("Pending");
  });

  it("shows x of y and follows the server's next link, writing the page into the URL", async () => {
    const fetchPage = server(Array.from({ length: 23 }, (_, i) => demand(i + 1)));
    const { changes } = renderList(fetchPage);
    const nav = await screen.findByRole("navigation", { name: "Pagination" });
    await waitFor(() => expect(nav.textContent).toContain("1 of 3"));
    // No previous page: Previous says so and stays focusable (a keyboard user's focus is never dropped).
    expect(within(nav).getByRole("button", { name: "Previous" }).getAttribute("aria-disabled")).toBe("true");

    // Page 2 is read ahead through the server's next link once page 1 is shown…
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage).toHaveBeenLastCalledWith(
      expect.objectContaining({ link: "http://demo/student/api/v1/demand/?page=2", page: 2 }),
      expect.anything(),
    );
    expect(screen.queryByRole("link", { name: "DMSTUD000011" })).toBeNull();

    // …so Next shows it at once, and the page goes into the URL.
    await userEvent.click(within(nav).getByRole("button", { name: "Next" }));
    expect(screen.getByRole("link", { name: "DMSTUD000011" })).toBeVisible();
    expect(nav.textContent).toContain("2 of 3");
    expect(changes.at(-1)).toEqual({ search: "", filter: "no_validated", page: 2 });
    // Page 3 is read ahead in turn; the URL echo of page 2 does not fetch page 2 again.
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    expect(fetchPage).toHaveBeenLastCalledWith(
      expect.objectContaining({ link: "http://demo/student/api/v1/demand/?page=3", page: 3 }),
      expect.anything(),
    );
  });

  it("a URL naming a page that no longer exists falls back to page 1, after Previous too", async () => {
    const all = Array.from({ length: 23 }, (_, i) => demand(i + 1));
    const listed = server(all);
    const fetchPage = vi.fn(async (request: ListRequest<DemandListFilter>) => {
      if (!request.link && request.page > 3)
        throw new ApiError("notFound", "listDemands", "http://demo/student/api/v1/demand/", 404, {
          detail: "Invalid page.",
        });
      return listed(request);
    });
    const { changes, go } = renderList(fetchPage, { ...initial, page: 2 });
    const nav = await screen.findByRole("navigation", { name: "Pagination" });
    await waitFor(() => expect(nav.textContent).toContain("2 of 3"));
    await userEvent.click(within(nav).getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(nav.textContent).toContain("1 of 3"));
    expect(changes.at(-1)).toEqual({ ...initial, page: 1 });

    go({ ...initial, page: 9 });
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes.at(-1)).toEqual({ ...initial, page: 1 });
    await waitFor(() => expect(nav.textContent).toContain("1 of 3"));
  });

  it("says No request found when the list is empty", async () => {
    renderList(server([]));
    await waitFor(() => expect(screen.getByText("No request found")).toBeVisible());
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("sends the search to the URL after a pause, back at page 1", async () => {
    const fetchPage = server(Array.from({ length: 23 }, (_, i) => demand(i + 1)));
    const { changes } = renderList(fetchPage, { ...initial, page: 2 });
    await screen.findByRole("link", { name: "DMSTUD000011" });
    await userEvent.type(
      screen.getByRole("searchbox", { name: "Search by name, registration number or request code" }),
      "REG2",
    );
    expect(changes).toEqual([]);
    await waitFor(() => expect(changes.at(-1)).toEqual({ search: "REG2", filter: "no_validated", page: 1 }), {
      timeout: 2000,
    });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(6)); // REG2, REG20…REG23
  });

  it("search and status compose: a status chosen while the search waits to be sent is kept, and the other way round", async () => {
    const fetchPage = server(Array.from({ length: 23 }, (_, i) => demand(i + 1)));
    const { changes } = renderList(fetchPage);
    await screen.findByRole("link", { name: "DMSTUD000001" });
    const box = screen.getByRole("searchbox", { name: "Search by name, registration number or request code" });
    const status = screen.getByRole("combobox", { name: "Status" });
    // Typed, then the status changed at once (well within the search's pause).
    await userEvent.type(box, "REG2");
    await userEvent.selectOptions(status, "All");
    await waitFor(() => expect(changes.at(-1)).toEqual({ search: "REG2", filter: "all", page: 1 }), {
      timeout: 2000,
    });
    // The search sent, the status changed again: the search stays.
    await userEvent.selectOptions(status, "Pending");
    await waitFor(() => expect(changes.at(-1)).toEqual({ search: "REG2", filter: "no_validated", page: 1 }));
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveProperty("value", "no_validated");
  });

  it("demands arrived since the list was read: counted again when the window is back in focus, shown on request", async () => {
    const all = Array.from({ length: 23 }, (_, i) => demand(i + 1));
    const fetchPage = server(all);
    const counted = vi.fn(async () => 25);
    const stubs = [
      ...listing(fetchPage),
      provision(newDemandsMachine, (machine) => machine.provide({ actors: { count: fromPromise(() => counted()) } })),
    ];
    render(
      <MachineImplementations of={stubs}>
        <DemandListScreen kind={student} query={initial} onQueryChange={() => {}} />
      </MachineImplementations>,
    );
    await screen.findByRole("link", { name: "DMSTUD000001" });
    expect(screen.queryByText(/new requests? since/)).toBeNull();
    // Reads of the list itself; the next page is read ahead on its own (paged-list.ts).
    const firstPageReads = () => fetchPage.mock.calls.filter(([request]) => request.link === null).length;
    const reads = firstPageReads();
    await act(async () => window.dispatchEvent(new Event("focus")));
    expect(await screen.findByText("2 new requests since the list was shown.")).toBeVisible();
    // The rows stay put until the agent asks.
    expect(firstPageReads()).toBe(reads);
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(firstPageReads()).toBe(reads + 1));
  });

  it("shows the load failure with Retry", async () => {
    let fail = true;
    const fetchPage = vi.fn(async () => {
      if (fail) throw new Error("down");
      return { count: 1, results: [demand(1)], next: null, previous: null };
    });
    render(
      <MachineImplementations of={listing(fetchPage)}>
        <DemandListScreen kind={student} query={initial} onQueryChange={() => {}} />
      </MachineImplementations>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("An error occured");
    fail = false;
    await act(() => userEvent.click(within(alert).getByRole("button", { name: "Retry" })));
    await waitFor(() => expect(screen.getByRole("link", { name: "DMSTUD000001" })).toBeVisible());
  });

  it("names a demand rejected or sent back for a correction (extension reject), else validated or pending", async () => {
    await setupTestI18n("en");
    const at = "2026-03-05T10:00:00+01:00";
    const fetchPage = server([
      { ...demand(1), rejection: { status: "rejected", reason: "photo", comment: "", at } },
      { ...demand(3), rejection: { status: "correction", reason: "register", comment: "", at } },
      demand(5),
      demand(2),
    ]);
    renderList(fetchPage, { ...initial, filter: "all" });
    const row = async (code: string) => (await screen.findByRole("link", { name: code })).closest("tr");
    expect((await row("DMSTUD000001"))?.textContent).toContain("Rejected");
    expect((await row("DMSTUD000003"))?.textContent).toContain("Correction requested");
    expect((await row("DMSTUD000005"))?.textContent).toContain("Pending");
    expect((await row("DMSTUD000002"))?.textContent).toContain("Validated");
  });

  describe("date-filter extension (docs/extensions.md)", () => {
    const withCapabilities = (capabilities: readonly "date-filter"[], query: DemandListQuery = initial) => {
      const changes: DemandListQuery[] = [];
      const fetchPage = server(Array.from({ length: 3 }, (_, i) => demand(i + 1)));
      render(
        <RuntimeContext.Provider value={liveRuntime(capabilities)}>
          <MachineImplementations of={listing(fetchPage)}>
            <DemandListScreen kind={student} query={query} onQueryChange={(next) => changes.push(next)} />
          </MachineImplementations>
        </RuntimeContext.Provider>,
      );
      return { changes, fetchPage };
    };
    const dated: DemandListQuery = {
      ...initial,
      dates: { received: "today", from: null, to: null, oldestFirst: true },
    };

    it("without the capability there is no date control, and dates in the URL are not sent", async () => {
      const { fetchPage } = withCapabilities([], dated);
      await screen.findByRole("link", { name: "DMSTUD000001" });
      expect(screen.queryByRole("combobox", { name: "Received" })).toBeNull();
      expect(screen.queryByRole("combobox", { name: "Order" })).toBeNull();
      expect(fetchPage).toHaveBeenCalledWith(
        expect.objectContaining({ filter: { status: "no_validated", dates: null } }),
        expect.anything(),
      );
    });

    it("with it the agent chooses today and oldest first; the URL carries them and the list asks for them", async () => {
      const { changes } = withCapabilities(["date-filter"], { ...initial, search: "REG" });
      await screen.findByRole("link", { name: "DMSTUD000001" });
      await userEvent.selectOptions(screen.getByRole("combobox", { name: "Received" }), "Today");
      expect(changes.at(-1)).toEqual({
        ...initial,
        search: "REG",
        dates: { received: "today", from: null, to: null, oldestFirst: false },
      });
      await userEvent.selectOptions(screen.getByRole("combobox", { name: "Order" }), "Oldest first");
      expect(changes.at(-1)?.dates?.oldestFirst).toBe(true);
      expect(screen.queryByLabelText("From")).toBeNull();
    });

    it("a declared capability the server does not offer is said plainly, naming config.json", async () => {
      const changes: DemandListQuery[] = [];
      const refused = vi.fn(async () => {
        throw new ApiError(
          "extensionMissing",
          "listDemands",
          "/student/api/v1/demand/",
          404,
          { detail: "Not found." },
          "date-filter",
        );
      });
      render(
        <RuntimeContext.Provider
          value={{
            config: { mode: "live", capabilities: ["date-filter"] },
            resetDemo: null,
            restoreDemoAccounts: null,
            demoAccounts: [],
            demoCardToken: null,
          }}
        >
          <MachineImplementations of={listing(refused)}>
            <DemandListScreen kind={student} query={dated} onQueryChange={(next) => changes.push(next)} />
          </MachineImplementations>
        </RuntimeContext.Provider>,
      );
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain(
        "This server does not offer filtering by date received — check `capabilities` in config.json.",
      );
    });

    it("a range shows two native date inputs; the list reads the URL's dates", async () => {
      const range: DemandListQuery = {
        ...initial,
        dates: { received: "range", from: "2026-11-01", to: "2026-11-15", oldestFirst: false },
      };
      const { changes, fetchPage } = withCapabilities(["date-filter"], range);
      await screen.findByRole("link", { name: "DMSTUD000001" });
      const from = screen.getByLabelText("From");
      expect(from.getAttribute("type")).toBe("date");
      expect((from as HTMLInputElement).value).toBe("2026-11-01");
      expect(fetchPage).toHaveBeenCalledWith(
        expect.objectContaining({ filter: { status: "no_validated", dates: range.dates } }),
        expect.anything(),
      );
      await userEvent.clear(screen.getByLabelText("To"));
      expect(changes.at(-1)?.dates).toEqual({ received: "range", from: "2026-11-01", to: null, oldestFirst: false });
    });
  });
});
