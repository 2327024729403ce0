import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type FileBody } from "../api";
import { setupTestI18n } from "../i18n/testing";
import {
  defaultExportName,
  excelConverterWith,
  exportFileName,
  exportMachine,
  screenWordsConverterWith,
  type ExportInput,
  type ExportTarget,
  type SaveFileParams,
} from "./export";
import { deferred } from "../../tests/fixtures/deferred";

const csv = (fileName: string | null = "cartes.csv"): FileBody => ({
  blob: new Blob(["code,register\nPCSTUD0001,21T2345\n"], { type: "text/csv" }),
  fileName,
  contentType: "text/csv",
});
const fixedDay = new Date(2026, 0, 5, 23, 30);
const agents = [{ id: "7", username: "agent1", first_name: "Awa", last_name: "Fouda", email: "" }]; // 5 January 2026, late evening local time

const build = (
  input: ExportInput,
  run?: (args: { target: ExportTarget; filter: number | null; state: string | null }) => Promise<FileBody>,
) => {
  const exportFile = vi.fn(run ?? (async () => csv()));
  const saved: SaveFileParams[] = [];
  const machine = exportMachine.provide({
    actors: {
      exportFile: fromPromise(({ input }) => exportFile(input)),
      toExcel: excelConverterWith(async () => agents),
      toScreenWords: screenWordsConverterWith(async () => agents),
    },
    actions: { saveFile: (_, params) => saved.push(params) },
  });
  const actor = createActor(machine, { input });
  const emitted: { type: string }[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, exportFile, saved, emitted };
};

describe("export machine", () => {
  it("waits in idle, exports on EXPORT, saves under the server's file name", async () => {
    const { actor, exportFile, saved, emitted } = build({ target: "student" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(exportFile).not.toHaveBeenCalled();
    actor.send({ type: "EXPORT" });
    expect(actor.getSnapshot().value).toBe("exporting");
    await waitFor(actor, (s) => s.matches("done"));
    expect(exportFile).toHaveBeenCalledWith({ target: "student", filter: null, state: null });
    expect(actor.getSnapshot().context.file?.fileName).toBe("cartes.csv");
    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toBe("cartes.csv");
    expect(saved[0]?.file.blob.type).toBe("text/csv");
    expect(emitted).toContainEqual({ type: "exported", fileName: "cartes.csv" });
  });

  it("without a server name, saves as cards-<target>-<yyyy-mm-dd>.csv, dated today", async () => {
    vi.useFakeTimers({ now: fixedDay, toFake: ["Date"] });
    try {
      const { actor, saved } = build({ target: "all" }, async () => csv(null));
      actor.send({ type: "EXPORT" });
      await waitFor(actor, (s) => s.matches("done"));
      expect(saved[0]?.fileName).toBe("cards-all-2026-01-05.csv");
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends the faculty or service filter; EXPORT may change it; 'all' has none", async () => {
    const { actor, exportFile } = build({ target: "staff", filter: 3 });
    actor.send({ type: "EXPORT" });
    await waitFor(actor, (s) => s.matches("done"));
    actor.send({ type: "EXPORT", filter: 4 });
    await waitFor(actor, (s) => s.matches("done"));
    actor.send({ type: "EXPORT", filter: null });
    await waitFor(actor, (s) => s.matches("done"));
    expect(exportFile.mock.calls.map((c) => c[0])).toEqual([
      { target: "staff", filter: 3, state: null },
      { target: "staff", filter: 4, state: null },
      { target: "staff", filter: null, state: null },
    ]);

    const all = build({ target: "all", filter: 2 });
    all.actor.send({ type: "EXPORT", filter: 7 });
    await waitFor(all.actor, (s) => s.matches("done"));
    expect(all.exportFile).toHaveBeenCalledWith({ target: "all", filter: null, state: null });
  });

  it("carries the list's state (extension lifecycle) with each EXPORT that names it; 'all' has none", async () => {
    const { actor, exportFile } = build({ target: "staff", filter: 3 });
    actor.send({ type: "EXPORT", state: "suspended" });
    await waitFor(actor, (s) => s.matches("done"));
    actor.send({ type: "EXPORT" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(exportFile.mock.calls.map((c) => c[0])).toEqual([
      { target: "staff", filter: 3, state: "suspended" },
      { target: "staff", filter: 3, state: null },
    ]);
    const all = build({ target: "all" });
    all.actor.send({ type: "EXPORT", state: "expired" });
    await waitFor(all.actor, (s) => s.matches("done"));
    expect(all.exportFile).toHaveBeenCalledWith({ target: "all", filter: null, state: null });
  });

  it("a double click exports and saves once", async () => {
    const answer = deferred<FileBody>();
    const { actor, exportFile, saved } = build({ target: "teacher" }, () => answer.promise);
    actor.send({ type: "EXPORT" });
    actor.send({ type: "EXPORT" });
    actor.send({ type: "RETRY" });
    answer.resolve(csv());
    await waitFor(actor, (s) => s.matches("done"));
    expect(exportFile).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(1);
  });

  it("fails with a message, RETRY exports again and saves", async () => {
    let fail = true;
    const { actor, exportFile, saved, emitted } = build({ target: "student" }, async () => {
      if (fail) throw new ApiError("server", "exportCards", "/student/api/v1/card/export/", 500, null);
      return csv();
    });
    actor.send({ type: "EXPORT" });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.errorKey).toBe("errors:server");
    expect(saved).toHaveLength(0);
    expect(emitted).toContainEqual({ type: "exportFailed", messageKey: "errors:server" });
    fail = false;
    actor.send({ type: "RETRY" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(exportFile).toHaveBeenCalledTimes(2);
    expect(saved).toHaveLength(1);
    expect(actor.getSnapshot().context.errorKey).toBeNull();
  });

  it("a failed export can also start again with EXPORT", async () => {
    let fail = true;
    const { actor } = build({ target: "student" }, async () => {
      if (fail) throw new ApiError("network", "exportCards", "/x", null, "offline");
      return csv();
    });
    actor.send({ type: "EXPORT" });
    await waitFor(actor, (s) => s.matches("failed"));
    fail = false;
    actor.send({ type: "EXPORT", filter: 1 });
    await waitFor(actor, (s) => s.matches("done"));
  });
});

describe("export file names", () => {
  it("dates the default name in local time, zero-padded", () => {
    expect(defaultExportName("student", fixedDay)).toBe("cards-student-2026-01-05.csv");
    expect(defaultExportName("teacher", new Date(2025, 11, 31))).toBe("cards-teacher-2025-12-31.csv");
  });

  it("prefers the server's name, ignoring a blank one", () => {
    expect(exportFileName(csv("export.csv"), "staff", fixedDay)).toBe("export.csv");
    expect(exportFileName(csv("  "), "staff", fixedDay)).toBe("cards-staff-2026-01-05.csv");
    expect(exportFileName(csv(null), "staff", fixedDay)).toBe("cards-staff-2026-01-05.csv");
  });
});

describe("CSV for Excel (French)", () => {
  const server = (): FileBody => ({
    blob: new Blob(
      ["\uFEFFCode carte,Statut,Validée par,Mise à jour\r\nPCSTUD0001,Valide,agent1,06/05/2026 - 17:08\r\n"],
      {
        type: "text/csv",
      },
    ),
    fileName: "cards-student-2026-01-05.csv",
    contentType: "text/csv",
  });
  const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

  it.each([
    ["fr", "cartes-etudiants-2026-01-05-excel.csv", "cartes-toutes-2026-01-05-excel.csv"],
    ["en", "cards-students-2026-01-05-excel.csv", "cards-all-2026-01-05-excel.csv"],
  ] as const)("%s: saves the variant under a translated name, in French Excel's bytes", async (lang, name, allName) => {
    await setupTestI18n(lang);
    vi.useFakeTimers({ now: fixedDay, toFake: ["Date"] });
    try {
      const { actor, saved } = build({ target: "student" }, async () => server());
      actor.send({ type: "EXPORT", format: "excel-fr" });
      await waitFor(actor, (s) => s.matches("done"));
      expect(saved[0]?.fileName).toBe(name);
      const bytes = await bytesOf(saved[0]!.file.blob);
      expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
        "\uFEFFCode carte;Statut;Validée par;Mise à jour\r\nPCSTUD0001;Active;Awa Fouda;06/05/2026 17:08\r\n",
      );
      const all = build({ target: "all" }, async () => server());
      all.actor.send({ type: "EXPORT", format: "excel-fr" });
      await waitFor(all.actor, (s) => s.matches("done"));
      expect(all.saved[0]?.fileName).toBe(allName);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the plain CSV says what the Excel one and the screens say (status, agent's name), in the server's separators, dates and name", async () => {
    await setupTestI18n("fr");
    const { actor, saved } = build({ target: "student" }, async () => server());
    actor.send({ type: "EXPORT", format: "excel-fr" });
    await waitFor(actor, (s) => s.matches("done"));
    actor.send({ type: "EXPORT" });
    await waitFor(actor, (s) => s.matches("done") && saved.length === 2);
    expect(saved[1]?.fileName).toBe("cards-student-2026-01-05.csv");
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await bytesOf(saved[1]!.file.blob))).toBe(
      "\uFEFFCode carte,Statut,Validée par,Mise à jour\r\nPCSTUD0001,Active,Awa Fouda,06/05/2026 - 17:08\r\n",
    );
    const excel = new TextDecoder().decode(await bytesOf(saved[0]!.file.blob));
    expect(excel).toContain("PCSTUD0001;Active;Awa Fouda;");
  });
});
