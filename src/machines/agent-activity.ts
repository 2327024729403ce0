import { getI18n } from "react-i18next";
import { assign, fromPromise, setup } from "xstate";
import { activityActions, agentActivity, type ActivityAction, type ActivityRange } from "../api";
import type { ActivityRow } from "../api/schemas/lifecycle";
import { messageKeyOf } from "../api/messages";
import { saveFile, type SaveFileParams } from "../browser/save-file";
import { toExcelCsvRows } from "./export-excel";

/**
 * The agents' activity for administrators (extension `lifecycle`, docs/extensions.md
 * `GET /base/api/v1/cards/activity/`): what each agent validated, rejected, sent back for a correction, renewed,
 * printed, suspended, reactivated and replaced, by
 * day, over a range of days (the last thirty by default), with totals per agent and a CSV for Excel.
 *
 *   loading → ready | failed (RETRY); SET_RANGE reads again when the range is one the backend takes, else it says why
 *   and keeps what it showed. EXPORT (ready) saves the rows shown.
 */

/** The counts of a row, in the screen's order; each opens its items (activity-items.ts). */
export const activityCounts = activityActions;
export type ActivityCount = ActivityAction;

/** The longest range the backend answers (docs/extensions.md). */
export const MAX_ACTIVITY_DAYS = 366;
/** The range shown first: the last thirty days, today included. */
const DEFAULT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `day` moved by `days` (negative: earlier). */
export const shiftDay = (day: string, days: number): string =>
  new Date(dayMs(day) + days * 86_400_000).toISOString().slice(0, 10);

/** Why a range cannot be asked for (a translation key), or null when it can. */
export const rangeProblem = (range: ActivityRange): string | null => {
  if (!isDay(range.from) || !isDay(range.to)) return "agent:activity.range.incomplete";
  if (range.from > range.to) return "agent:activity.range.backwards";
  if ((dayMs(range.to) - dayMs(range.from)) / 86_400_000 >= MAX_ACTIVITY_DAYS) return "agent:activity.range.tooLong";
  return null;
};

/** One agent's line: their name and each count, a count the answer left out being 0. */
export interface AgentTotals {
  readonly username: string;
  readonly name: string;
  readonly counts: Readonly<Record<ActivityCount, number>>;
}

export const countOf = (row: ActivityRow, key: ActivityCount | "digital"): number => row[key] ?? 0;
/** Who a row is of: the agent, or the holders who opened their digital cards (a row without agent). */
export const agentName = (row: ActivityRow): string =>
  row.agent === null ? getI18n().t("agent:activity.holders") : row.agent.first_name.trim() || row.agent.username;
/** The row's agent's username; "" for the holders' row. */
export const usernameOf = (row: ActivityRow): string => row.agent?.username ?? "";

/** Extension `digital-card`: the digital cards their holders first opened over the rows' days. */
export const digitalTotal = (rows: readonly ActivityRow[]): number =>
  rows.reduce((sum, row) => sum + countOf(row, "digital"), 0);

/** The range's totals per agent, by username (the holders' rows are no agent's). */
export const totalsPerAgent = (rows: readonly ActivityRow[]): AgentTotals[] => {
  const totals = new Map<string, { username: string; name: string; counts: Record<ActivityCount, number> }>();
  for (const row of rows) {
    if (row.agent === null) continue;
    const entry = totals.get(row.agent.username) ?? {
      username: row.agent.username,
      name: agentName(row),
      counts: {
        validated: 0,
        rejected: 0,
        correction: 0,
        renewed: 0,
        printed: 0,
        suspended: 0,
        reactivated: 0,
        replaced: 0,
      },
    };
    for (const key of activityCounts) entry.counts[key] += countOf(row, key);
    totals.set(row.agent.username, entry);
  }
  return [...totals.values()].sort((a, b) => a.username.localeCompare(b.username));
};

export interface AgentActivityContext {
  readonly range: ActivityRange;
  /** The range last read (what `rows` are of). */
  readonly shown: ActivityRange | null;
  readonly rows: readonly ActivityRow[];
  readonly rangeError: string | null;
  readonly errorKey: string | null;
  /** One agent's activity only (their username, from the agents page); null: every agent. */
  readonly agent: string | null;
  /** Extension `digital-card` declared: the holders' rows are shown and exported, with their count. */
  readonly digital: boolean;
}

export type AgentActivityEvent =
  | { readonly type: "SET_RANGE"; readonly range: ActivityRange }
  | { readonly type: "RETRY" }
  | { readonly type: "EXPORT" };

/** The rows as a CSV for Excel: day (dd/mm/yyyy), agent, username and each count, in the UI's language. */
const activityFile = (range: ActivityRange, rows: readonly ActivityRow[], digital: boolean): SaveFileParams => {
  const { t } = getI18n();
  const frenchDay = (day: string) => day.split("-").reverse().join("/");
  const header = [
    t("agent:activity.columns.day"),
    t("agent:activity.columns.agent"),
    t("agent:activity.columns.username"),
    ...activityCounts.map((key) => t(`agent:activity.columns.${key}`)),
    ...(digital ? [t("agent:activity.columns.digital")] : []),
  ];
  const lines = rows.map((row) => [
    frenchDay(row.day),
    agentName(row),
    usernameOf(row),
    ...activityCounts.map((key) => String(countOf(row, key))),
    ...(digital ? [String(countOf(row, "digital"))] : []),
  ]);
  const contentType = "text/csv;charset=utf-8";
  return {
    file: { blob: new Blob([toExcelCsvRows([header, ...lines])], { type: contentType }), fileName: null, contentType },
    fileName: t("agent:activity.fileName", { from: range.from, to: range.to }),
  };
};

export const agentActivityMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as AgentActivityContext,
    events: {} as AgentActivityEvent,
    input: {} as { readonly today: string; readonly agent?: string | null; readonly digital?: boolean },
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    readActivity: fromPromise<readonly ActivityRow[], ActivityRange>(({ input }) => agentActivity(input)),
  },
  actions: {
    /** An <a download> on an object URL; a browser that refuses leaves the file unsaved (it never throws). */
    saveFile: (_, params: SaveFileParams) => void saveFile(params),
  },
}).createMachine({
  id: "agentActivity",
  context: ({ input }) => ({
    range: { from: shiftDay(input.today, -(DEFAULT_DAYS - 1)), to: input.today },
    shown: null,
    rows: [],
    rangeError: null,
    errorKey: null,
    agent: input.agent ?? null,
    digital: input.digital ?? false,
  }),
  initial: "loading",
  on: {
    SET_RANGE: [
      {
        guard: ({ event }) => rangeProblem(event.range) === null,
        target: ".loading",
        actions: assign({ range: ({ event }) => event.range, rangeError: null }),
      },
      {
        actions: assign({ range: ({ event }) => event.range, rangeError: ({ event }) => rangeProblem(event.range) }),
      },
    ],
  },
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "readActivity",
        input: ({ context }) => context.range,
        onDone: {
          target: "ready",
          actions: assign({
            // The holders' rows only with the capability, and only in every agent's view.
            rows: ({ context, event }) =>
              event.output.filter((row) =>
                row.agent === null
                  ? context.digital && context.agent === null
                  : context.agent === null || row.agent.username === context.agent,
              ),
            shown: ({ context }) => context.range,
            errorKey: null,
          }),
        },
        onError: {
          target: "failed",
          actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }),
        },
      },
    },
    ready: {
      on: {
        EXPORT: {
          guard: ({ context }) => context.rows.length > 0 && context.shown !== null,
          actions: {
            type: "saveFile",
            params: ({ context }) => activityFile(context.shown ?? context.range, context.rows, context.digital),
          },
        },
      },
    },
    failed: {
      on: { RETRY: "loading" },
    },
  },
});
