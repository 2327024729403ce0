// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { ApiError, type FileBody, type Stats } from "../../api";
import { SessionProvider } from "../../session";
import { setupTestI18n } from "../../i18n/testing";
import { excelConverterWith, screenWordsConverterWith, exportMachine } from "../../machines/export";
import { MachineImplementations, provision } from "../../machines/implementations";
import { statsMachine } from "../../machines/stats";
import { sessionMachine, type SessionUser } from "../../machines/session";
import { Toaster, toast } from "../../ui/toast";
import { DashboardHome } from "./DashboardHome";
import { ExportItem } from "./ExportPanel";
import { dayPart, greetingKey } from "./greeting";
import { barWidth } from "./PendingChart";
import { saveFile } from "../../browser/save-file";
import { StatsOverview } from "./StatsOverview";
import type { Capability } from "../../api/capabilities";
import { RuntimeContext } from "../../app/runtime-context";
import { deferred } from "../../../tests/fixtures/deferred";
import { liveRuntime } from "../../../tests/fixtures/runtime";

const stats: Stats = {
  agents: 4,
  total_demands: 21,
  active_cards: 1234,
  student_demands: 12,
  staff_demands: 6,
  teacher_demands: 3,
};

/** The counts from `fetchStats` instead of the API. */
const statsFrom = (fetchStats: () => Promise<Stats>) =>
  provision(statsMachine, (machine) => machine.provide({ actors: { load: fromPromise(() => fetchStats()) } }));

const renderStats = (fetchStats: () => Promise<Stats>, capabilities: readonly Capability[] = []) =>
  render(
    <RuntimeContext.Provider value={liveRuntime(capabilities)}>
      <MachineImplementations of={[statsFrom(fetchStats)]}>
        <StatsOverview />
      </MachineImplementations>
    </RuntimeContext.Provider>,
  );

beforeEach(async () => {
  await setupTestI18n("en");
});
afterEach(() => {
  act(() => toast.dismiss());
});

describe("greeting", () => {
  it("follows the time of day", () => {
    expect(dayPart(new Date(2026, 0, 5, 8))).toBe("morning");
    expect(dayPart(new Date(2026, 0, 5, 12))).toBe("afternoon");
    expect(dayPart(new Date(2026, 0, 5, 17, 59))).toBe("afternoon");
    expect(dayPart(new Date(2026, 0, 5, 18))).toBe("evening");
    expect(dayPart(new Date(2026, 0, 5, 2))).toBe("evening");
    expect(greetingKey(new Date(2026, 0, 5, 9))).toBe("dashboard:greeting.morning");
  });

  it("greets the user by first name", async () => {
    await setupTestI18n("fr");
    const user: SessionUser = {
      id: 1,
      username: "admin",
      email: "a@uy1.cm",
      firstName: "Aïcha",
      lastName: "Bello",
      roles: ["Admin"],
    };
    const session = createActor(sessionMachine, { input: { stored: { token: "t", user } } }).start();
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 19), toFake: ["Date"] });
    try {
      render(
        <MachineImplementations of={[statsFrom(async () => stats)]}>
          <SessionProvider actor={session}>
            <DashboardHome />
          </SessionProvider>
        </MachineImplementations>,
      );
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Bonsoir, Aïcha");
    expect((await screen.findByTestId("stat-agents")).textContent).toBe("4");
  });
});

describe("stats overview", () => {
  it("with the lifecycle capability, counts the suspended cards and the ones expiring within 30 days", async () => {
    renderStats(async () => ({ ...stats, suspended_cards: 7, expiring_cards: 1520 }), ["lifecycle"]);
    expect((await screen.findByTestId("stat-suspended_cards")).textContent).toBe("7");
    expect(screen.getByTestId("stat-expiring_cards").textContent).toBe("1,520");
    expect(screen.getByText("Suspended cards")).toBeVisible();
    expect(screen.getByText("Cards expiring within 30 days")).toBeVisible();
  });

  it("without the capability, or when the answer lacks them, shows the spec's six counts only", async () => {
    const lifecycleCounts = { ...stats, suspended_cards: 7, expiring_cards: 3 };
    for (const [answer, capabilities] of [
      [lifecycleCounts, []],
      [stats, ["lifecycle"]],
    ] as const) {
      const view = renderStats(async () => answer, capabilities);
      await screen.findByTestId("stat-agents");
      expect(screen.getAllByRole("listitem")).toHaveLength(6);
      expect(screen.queryByTestId("stat-suspended_cards")).toBeNull();
      expect(screen.queryByText("Cards expiring within 30 days")).toBeNull();
      view.unmount();
    }
  });

  it("shows skeletons, then the six counts; pending tiles link to the kind's demand list", async () => {
    const answer = deferred<Stats>();
    const fetchStats = vi.fn(() => answer.promise);
    renderStats(fetchStats);
    const region = screen.getByRole("region", { name: "Overview" });
    expect(region.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Loading the statistics…");
    expect(screen.queryByTestId("stat-agents")).toBeNull();

    await act(async () => answer.resolve(stats));
    expect(region.getAttribute("aria-busy")).toBe("false");
    expect(screen.getByTestId("stat-agents").textContent).toBe("4");
    expect(screen.getByTestId("stat-total_demands").textContent).toBe("21");
    expect(screen.getByTestId("stat-active_cards").textContent).toBe("1,234");
    const student = screen.getByRole("link", { name: /Pending student requests/ });
    expect(student.getAttribute("href")).toBe("/dashboard/student/demand");
    expect(student.textContent).toContain("12");
    expect(screen.getByRole("link", { name: /Pending staff requests/ }).getAttribute("href")).toBe(
      "/dashboard/staff/demand",
    );
    expect(screen.getByRole("link", { name: /Pending teacher requests/ }).getAttribute("href")).toBe(
      "/dashboard/teacher/demand",
    );
    // Agents: a plain tile (the side menu leads there, for admins only).
    expect(screen.queryByRole("link", { name: /Agents/ })).toBeNull();
    expect(fetchStats).toHaveBeenCalledTimes(1);
  });

  it("draws the pending chart as a table: one row per kind, bars to scale", async () => {
    renderStats(async () => stats);
    const table = await screen.findByRole("table", { name: "Pending requests by type" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4));
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) => [within(row).getByRole("rowheader").textContent, within(row).getByRole("cell").textContent]),
    ).toEqual([
      ["Students", "12"],
      ["Staff", "6"],
      ["Teachers", "3"],
    ]);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Type", "Pending requests"]);
    expect((screen.getByTestId("bar-student") as HTMLElement).style.width).toBe("100%");
    expect((screen.getByTestId("bar-staff") as HTMLElement).style.width).toBe("50%");
    expect((screen.getByTestId("bar-teacher") as HTMLElement).style.width).toBe("25%");
  });

  it("says so when nothing is pending", async () => {
    renderStats(async () => ({ ...stats, total_demands: 0, student_demands: 0, staff_demands: 0, teacher_demands: 0 }));
    expect(await screen.findByText("No pending requests.")).toBeVisible();
    expect((screen.getByTestId("bar-student") as HTMLElement).style.width).toBe("0%");
  });

  it("reports a failure and retries", async () => {
    const fetchStats = vi
      .fn<() => Promise<Stats>>()
      .mockRejectedValueOnce(new ApiError("server", "getStats", "/base/api/v1/stats/", 500, null))
      .mockResolvedValueOnce(stats);
    renderStats(fetchStats);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the statistics");
    expect(alert.textContent).toContain("Campus Card server error");
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("stat-agents")).toBeVisible();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetchStats).toHaveBeenCalledTimes(2);
  });

  it("barWidth scales to the largest count and keeps small counts visible", () => {
    expect(barWidth(0, 0)).toBe(0);
    expect(barWidth(5, 10)).toBe(50);
    expect(barWidth(1, 1000)).toBe(2);
    expect(barWidth(10, 10)).toBe(100);
  });
});

describe("export", () => {
  const csv: FileBody = {
    blob: new Blob(["\uFEFFType;Code carte\n"], { type: "text/csv" }),
    fileName: "cards-all-2026-01-05.csv",
    contentType: "text/csv",
  };

  const exporting = (exportFile: () => Promise<FileBody>, saved: string[]) => [
    provision(exportMachine, (machine) =>
      machine.provide({
        actors: {
          exportFile: fromPromise(() => exportFile()),
          toScreenWords: screenWordsConverterWith(async () => []),
        },
        actions: { saveFile: (_, params) => void saved.push(params.fileName) },
      }),
    ),
  ];

  it("shows progress while exporting, saves the file and says so", async () => {
    const answer = deferred<FileBody>();
    const saved: string[] = [];
    render(
      <MachineImplementations of={exporting(() => answer.promise, saved)}>
        <ul>
          <ExportItem target="all" />
        </ul>
        <Toaster />
      </MachineImplementations>,
    );
    const button = screen.getByRole("button", { name: "Export all cards" });
    await userEvent.click(button);
    expect(button.getAttribute("data-pending")).toBe("true");
    expect(screen.getByRole("progressbar", { name: "Preparing the file…" })).toBeVisible();
    // Pressing again while pending does not start a second export.
    await userEvent.click(button);

    await act(async () => answer.resolve(csv));
    await waitFor(() => expect(saved).toEqual(["cards-all-2026-01-05.csv"]));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(await screen.findByText("Downloaded “cards-all-2026-01-05.csv”")).toBeVisible();
  });

  it("offers the CSV for Excel (French) beside each export, saved under an English name in English", async () => {
    const saved: string[] = [];
    const provided = [
      provision(exportMachine, (machine) =>
        machine.provide({
          actors: {
            exportFile: fromPromise(async () => csv),
            toExcel: excelConverterWith(async () => []),
          },
          actions: { saveFile: (_, params) => void saved.push(params.fileName) },
        }),
      ),
    ];
    render(
      <MachineImplementations of={provided}>
        <ul>
          <ExportItem target="teacher" />
        </ul>
      </MachineImplementations>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Export teacher cards — CSV for Excel (French)" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^cards-teachers-\d{4}-\d{2}-\d{2}-excel\.csv$/);
  });

  it("reports a failure with Retry", async () => {
    const saved: string[] = [];
    const exportFile = vi
      .fn<() => Promise<FileBody>>()
      .mockRejectedValueOnce(new ApiError("network", "exportCards", "/base/api/v1/cards/export/", null, "offline"))
      .mockResolvedValueOnce(csv);
    render(
      <MachineImplementations of={exporting(exportFile, saved)}>
        <ul>
          <ExportItem target="student" />
        </ul>
      </MachineImplementations>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Export student cards" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Export failed");
    expect(alert.textContent).toContain("Network error");
    await userEvent.click(within(alert).getByRole("button", { name: /^Retry/ }));
    await waitFor(() => expect(saved).toEqual(["cards-all-2026-01-05.csv"]));
    expect(exportFile).toHaveBeenCalledTimes(2);
  });
});

describe("saveFile", () => {
  it("clicks a temporary download link on an object URL, then revokes it", () => {
    vi.useFakeTimers();
    const create = vi.fn(() => "blob:csv");
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const blob = new Blob(["x"]);
    expect(
      saveFile({ file: { blob, fileName: null, contentType: "text/csv" }, fileName: "cards-all-2026-01-05.csv" }),
    ).toBe(true);
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe("cards-all-2026-01-05.csv");
    expect(clicked[0]?.getAttribute("href")).toBe("blob:csv");
    expect(clicked[0]?.isConnected).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(revoke).toHaveBeenCalledWith("blob:csv");
    click.mockRestore();
    vi.useRealTimers();
  });

  it("never throws", () => {
    Object.assign(URL, {
      createObjectURL: () => {
        throw new Error("no blobs here");
      },
    });
    expect(saveFile({ file: { blob: new Blob([]), fileName: null, contentType: "text/csv" }, fileName: "x.csv" })).toBe(
      false,
    );
  });
});
