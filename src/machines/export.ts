import { getI18n } from "react-i18next";
import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { exportAllCards, exportCards, listAgents, type Agent, type FileBody } from "../api";
import type { CardState } from "../api/card-states";
import { kindIds, type KindId } from "../api/kind-ids";
import { messageKeyOf } from "../api/messages";
import { kinds } from "../kinds";
import { saveFile, type SaveFileParams } from "../browser/save-file";
import { toExcelCsv, toScreenWordsCsv, type ExcelWords } from "./export-excel";
import { required } from "./required";

export type { SaveFileParams };

/**
 * One "Export Card Data" download of the dashboard (docs/spec.md §2): students, staff, teachers or all cards, with an
 * optional faculty (students, teachers) or service (staff) filter (docs/spec.md §7: card/export/?faculty=,
 * card/personnel/export/?service=; all cards: /base/api/v1/cards/export/).
 *
 *   idle → exporting → (converting, for "excel-fr") → done | failed (RETRY)
 *
 * EXPORT is ignored while exporting (one click, one file). On done, the `saveFile` action hands the file to the
 * browser under the server's name or `cards-<target>-<yyyy-mm-dd>.csv` (dated today). The "excel-fr" format
 * turns the server's CSV into one French Excel opens as columns (export-excel.ts), named in the UI's language.
 */

export type ExportTarget = KindId | "all";
export const exportTargets: readonly ExportTarget[] = [...kindIds, "all"];

const pad = (n: number) => String(n).padStart(2, "0");
/** A local day as `yyyy-mm-dd`. */
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `cards-<target>-<yyyy-mm-dd>.csv`, the date in local time (the day the user sees). */
export const defaultExportName = (target: ExportTarget, date: Date): string => `cards-${target}-${dayOf(date)}.csv`;

/** The server's file name (Content-Disposition) when it gives one, else the dated default. */
export const exportFileName = (file: FileBody, target: ExportTarget, date: Date): string =>
  file.fileName?.trim() || defaultExportName(target, date);

/** The server's CSV as it comes, or the variant for a French Excel. */
export type ExportFormat = "csv" | "excel-fr";

interface ConvertInput {
  readonly file: FileBody;
  readonly target: ExportTarget;
}

/**
 * The Excel variant made with `readAgents` (the agent list, for the validators' names): an agent list the user
 * may not read (administrators only) leaves the usernames as they are.
 */
/** The status words the screens use, in the UI's language. */
const screenWords = (t: (key: string) => string): ExcelWords => ({
  active: t("common:status.active"),
  inactive: t("common:status.inactive"),
  states: {
    suspended: t("card:lifecycle.state.suspended"),
    replaced: t("card:lifecycle.state.replaced"),
    expired: t("card:lifecycle.state.expired"),
  },
});

/**
 * The plain export in the screens' words and the agents' names, as the Excel one (so the two never disagree), with
 * the server's separator, dates and file name.
 */
export const screenWordsConverterWith = (readAgents: () => Promise<readonly Agent[]>) =>
  fromPromise<FileBody, ConvertInput>(async ({ input }) => {
    // Read with its byte-order mark, which the file keeps as the server wrote it.
    const [bytes, agents] = await Promise.all([input.file.blob.arrayBuffer(), readAgents().catch(() => [])]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const { t } = getI18n();
    const contentType = input.file.contentType || "text/csv;charset=utf-8";
    return {
      blob: new Blob([toScreenWordsCsv(text, screenWords(t), agents)], { type: contentType }),
      fileName: input.file.fileName,
      contentType,
    };
  });

export const excelConverterWith = (readAgents: () => Promise<readonly Agent[]>) =>
  fromPromise<FileBody, ConvertInput>(async ({ input }) => {
    const [text, agents] = await Promise.all([input.file.blob.text(), readAgents().catch(() => [])]);
    const { t } = getI18n();
    const bytes = toExcelCsv(text, screenWords(t), agents);
    const contentType = "text/csv;charset=utf-8";
    return {
      blob: new Blob([bytes], { type: contentType }),
      // Named in the UI's language: `cartes-etudiants-2026-01-05-excel.csv`.
      fileName: t("dashboard:export.excelFileName", {
        target: t(`dashboard:export.fileTarget.${input.target}`),
        date: dayOf(new Date()),
      }),
      contentType,
    };
  });

export interface ExportInput {
  readonly target: ExportTarget;
  /** Faculty or service id; ignored for "all". */
  readonly filter?: number | null;
}

/** Extension `lifecycle`: the card list's state filter, which its export carries (null sends none). */
type ExportState = CardState | null;

export interface ExportContext {
  readonly target: ExportTarget;
  readonly filter: number | null;
  readonly state: ExportState;
  readonly format: ExportFormat;
  readonly file: FileBody | null;
  readonly fileName: string | null;
  readonly error: unknown;
  readonly errorKey: string | null;
}

export type ExportEvent =
  /** Starts an export; `filter` (when given) replaces the current one; `format` is "csv" unless given. */
  | {
      readonly type: "EXPORT";
      readonly filter?: number | null;
      readonly format?: ExportFormat;
      /** The list's state (extension `lifecycle`); none unless given. */
      readonly state?: ExportState;
    }
  | { readonly type: "RETRY" };

export type ExportEmitted =
  | { readonly type: "exported"; readonly fileName: string }
  | { readonly type: "exportFailed"; readonly messageKey: string };

export const exportMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
    emitted: {} as ExportEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    exportFile: fromPromise<
      FileBody,
      { readonly target: ExportTarget; readonly filter: number | null; readonly state: CardState | null }
    >(({ input }) =>
      input.target === "all" ? exportAllCards() : exportCards(kinds[input.target], input.filter, input.state),
    ),
    toExcel: excelConverterWith(() => listAgents()),
    toScreenWords: screenWordsConverterWith(() => listAgents()),
  },
  actions: {
    takeFilter: assign({
      filter: ({ context, event }) => {
        assertEvent(event, "EXPORT");
        return context.target !== "all" && event.filter !== undefined ? event.filter : context.filter;
      },
      state: ({ context, event }) => {
        assertEvent(event, "EXPORT");
        return context.target === "all" ? null : (event.state ?? null);
      },
      format: ({ event }) => {
        assertEvent(event, "EXPORT");
        return event.format ?? "csv";
      },
    }),
    /** An <a download> on an object URL; a browser that refuses leaves the file unsaved (it never throws). */
    saveFile: (_, params: SaveFileParams) => void saveFile(params),
  },
}).createMachine({
  id: "export",
  context: ({ input }) => ({
    target: input.target,
    filter: input.target === "all" ? null : (input.filter ?? null),
    state: null,
    format: "csv",
    file: null,
    fileName: null,
    error: null,
    errorKey: null,
  }),
  initial: "idle",
  states: {
    idle: {
      on: { EXPORT: { target: "exporting", actions: "takeFilter" } },
    },
    exporting: {
      tags: ["busy"],
      invoke: {
        src: "exportFile",
        input: ({ context }) => ({ target: context.target, filter: context.filter, state: context.state }),
        onDone: [
          {
            guard: ({ context }) => context.format === "excel-fr",
            target: "converting",
            actions: assign({ file: ({ event }) => event.output }),
          },
          { target: "wording", actions: assign({ file: ({ event }) => event.output }) },
        ],
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => event.error, errorKey: ({ event }) => messageKeyOf(event.error) }),
        },
      },
    },
    // The plain export in the screens' words (a file that cannot be read as CSV is saved as it came).
    wording: {
      tags: ["busy"],
      invoke: {
        src: "toScreenWords",
        input: ({ context }) => ({ file: required(context.file, "The exported file"), target: context.target }),
        onDone: {
          target: "done",
          actions: assign(({ context, event }) => ({
            file: event.output,
            fileName: exportFileName(event.output, context.target, new Date()),
            error: null,
            errorKey: null,
          })),
        },
        onError: {
          target: "done",
          actions: assign(({ context }) => ({
            fileName: exportFileName(required(context.file, "The exported file"), context.target, new Date()),
            error: null,
            errorKey: null,
          })),
        },
      },
    },
    converting: {
      tags: ["busy"],
      invoke: {
        src: "toExcel",
        input: ({ context }) => ({ file: required(context.file, "The exported file"), target: context.target }),
        onDone: {
          target: "done",
          actions: assign(({ event }) => ({
            file: event.output,
            fileName: event.output.fileName,
            error: null,
            errorKey: null,
          })),
        },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => event.error, errorKey: "errors:generic" }),
        },
      },
    },
    done: {
      entry: [
        {
          type: "saveFile",
          params: ({ context }) => ({
            file: required(context.file, "The exported file"),
            fileName: context.fileName ?? defaultExportName(context.target, new Date()),
          }),
        },
        emit(({ context }) => ({ type: "exported" as const, fileName: context.fileName ?? "" })),
      ],
      on: { EXPORT: { target: "exporting", actions: "takeFilter" } },
    },
    failed: {
      entry: emit(({ context }) => ({
        type: "exportFailed" as const,
        messageKey: context.errorKey ?? "errors:generic",
      })),
      on: {
        RETRY: { target: "exporting" },
        EXPORT: { target: "exporting", actions: "takeFilter" },
      },
    },
  },
});
