import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import { exportAllCards, exportCards, type FileBody } from "../api";
import { kindIds, type KindId } from "../api/kind-ids";
import { messageKeyOf } from "../api/messages";
import { kinds } from "../kinds";
import { saveFile, type SaveFileParams } from "../browser/save-file";
import { required } from "./required";

export type { SaveFileParams };

/**
 * One "Export Card Data" download of the dashboard (docs/spec.md §2): students, staff, teachers or all cards, with an
 * optional faculty (students, teachers) or service (staff) filter (docs/spec.md §7: card/export/?faculty=,
 * card/personnel/export/?service=; all cards: /base/api/v1/cards/export/).
 *
 *   idle → exporting → done | failed (RETRY)
 *
 * EXPORT is ignored while exporting (one click, one file). On done, the `saveFile` action hands the file to the
 * browser under the server's name or `cards-<target>-<yyyy-mm-dd>.csv` (dated today).
 */

export type ExportTarget = KindId | "all";
export const exportTargets: readonly ExportTarget[] = [...kindIds, "all"];

const pad = (n: number) => String(n).padStart(2, "0");

/** `cards-<target>-<yyyy-mm-dd>.csv`, the date in local time (the day the user sees). */
export const defaultExportName = (target: ExportTarget, date: Date): string =>
  `cards-${target}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;

/** The server's file name (Content-Disposition) when it gives one, else the dated default. */
export const exportFileName = (file: FileBody, target: ExportTarget, date: Date): string =>
  file.fileName?.trim() || defaultExportName(target, date);

export interface ExportInput {
  readonly target: ExportTarget;
  /** Faculty or service id; ignored for "all". */
  readonly filter?: number | null;
}

export interface ExportContext {
  readonly target: ExportTarget;
  readonly filter: number | null;
  readonly file: FileBody | null;
  readonly fileName: string | null;
  readonly error: unknown;
  readonly errorKey: string | null;
}

export type ExportEvent =
  /** Starts an export; `filter` (when given) replaces the current one. */
  { readonly type: "EXPORT"; readonly filter?: number | null } | { readonly type: "RETRY" };

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
    exportFile: fromPromise<FileBody, { readonly target: ExportTarget; readonly filter: number | null }>(({ input }) =>
      input.target === "all" ? exportAllCards() : exportCards(kinds[input.target], input.filter),
    ),
  },
  actions: {
    takeFilter: assign({
      filter: ({ context, event }) => {
        assertEvent(event, "EXPORT");
        return context.target !== "all" && event.filter !== undefined ? event.filter : context.filter;
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
      invoke: {
        src: "exportFile",
        input: ({ context }) => ({ target: context.target, filter: context.filter }),
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
          target: "failed",
          actions: assign({ error: ({ event }) => event.error, errorKey: ({ event }) => messageKeyOf(event.error) }),
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
