import type { TFunction } from "i18next";
import { getI18n } from "react-i18next";
import { assign, fromPromise, setup } from "xstate";
import { saveFile, type SaveFileParams } from "../browser/save-file";
import { isRenewalRefusalCode } from "../api/card-states";
import { toExcelCsvRows } from "./export-excel";
import { renewCards, type BulkRenewal } from "../api";
import {
  academicYearEndDay,
  academicYearLabel,
  DEFAULT_VALIDITY_RULES,
  doualaDay,
  validUntilOf,
  type ValidityRules,
} from "../api/card-validity";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import { cardHolderName, type AnyCard } from "./card-lifecycle";
import { readListCards, type ListScope } from "./card-list-reading";

/**
 * Renewal in bulk (extension `lifecycle`, docs/extensions.md `POST {cards}renew/`): an agent reads the kind's
 * expired cards, or (window "ahead") its active cards ending within the academic year under way, of a faculty or
 * service or all, keeps those of one academic year (the year their validity ends), leaves out any, and renews the rest in one step, sent in batches of `batchSize` so that a progress bar
 * moves; the report lists each card renewed (with its new demand's code) or refused (with the backend's reason).
 * The rows of the list the app could not read (src/api/rows.ts) are counted, for the screen to say so.
 *
 *   idle → loading (LOAD, CHOOSE_WINDOW) → ready | loadFailed (RETRY)
 *   ready → confirming (RENEW: what will happen is said first, N cards and N demands) → renewing (CONFIRM, one batch
 *   at a time; CANCEL back to ready) → done | interrupted (RESUME sends the batches left)
 *
 * A batch the backend refuses as a whole (a network error, 500) stops the run: what was renewed stays in the report
 * and RESUME goes on from the first batch not answered, so no card is sent twice.
 */

/** Cards per `renew/` call: the backend takes 500; smaller batches move the progress bar. */
export const RENEWAL_BATCH = 50;
/** Which cards are offered: those expired, or those still active whose validity ends within this academic year. */
export type RenewalWindow = "expired" | "ahead";

/** Expired cards read at most for one screen. */
export const MAX_RENEWAL_CARDS = 2000;

export interface RenewalCandidate {
  readonly id: string;
  readonly code: string;
  readonly register: string;
  readonly name: string;
  /** The academic year the card's validity ended in, "2025/2026". */
  readonly year: string;
}

export interface RenewalReport {
  readonly created: ReadonlyArray<{
    readonly card: RenewalCandidate;
    readonly demandCode: string;
    /** The new demand, which the report can validate in bulk (renewal-validation.ts). */
    readonly demandId: string;
  }>;
  readonly refused: ReadonlyArray<RenewalRefusal>;
}

/** A refused card: the backend's reason, as a code and in its words; both null when its answer left the card out. */
export interface RenewalRefusal {
  readonly card: RenewalCandidate;
  readonly code: string | null;
  readonly detail: string | null;
}

/** The reason a reader is given: translated when the backend gave a code the app knows, else in its words. */
export const refusalReason = (t: TFunction, { code, detail }: RenewalRefusal): string =>
  isRenewalRefusalCode(code) ? t(`card:renewal.refusal.${code}`) : (detail ?? t("card:renewal.report.noAnswer"));

export interface BulkRenewalInput {
  readonly kind: AnyKind;
  readonly rules?: ValidityRules;
  readonly batchSize?: number;
}

export interface BulkRenewalContext {
  readonly kind: AnyKind;
  readonly rules: ValidityRules;
  readonly batchSize: number;
  /** The faculty or service the cards were read for; null: all. */
  readonly filter: number | null;
  readonly window: RenewalWindow;
  readonly candidates: readonly RenewalCandidate[];
  /** More expired cards than MAX_RENEWAL_CARDS: the rest were not read. */
  readonly capped: boolean;
  /** Rows of the list the app could not read (src/api/rows.ts): left out of the candidates. */
  readonly skipped: number;
  readonly year: string | null;
  readonly excluded: ReadonlySet<string>;
  /** The cards being renewed, in batches; `sent` of them answered so far. */
  readonly queue: readonly RenewalCandidate[];
  readonly sent: number;
  readonly report: RenewalReport;
  readonly errorKey: string | null;
}

export type BulkRenewalEvent =
  | { readonly type: "LOAD"; readonly filter: number | null }
  | { readonly type: "CHOOSE_WINDOW"; readonly window: RenewalWindow }
  | { readonly type: "RETRY" }
  | { readonly type: "CHOOSE_YEAR"; readonly year: string }
  | { readonly type: "TOGGLE"; readonly id: string; readonly on: boolean }
  | { readonly type: "RENEW" }
  | { readonly type: "CONFIRM" }
  | { readonly type: "CANCEL" }
  | { readonly type: "RESUME" }
  | { readonly type: "RESTART" }
  /** The report as a CSV for Excel (French separators), in the UI's language. */
  | { readonly type: "DOWNLOAD" };

const emptyReport: RenewalReport = { created: [], refused: [] };

/** The academic years of the candidates, most recent first. */
export const renewalYears = (candidates: readonly RenewalCandidate[]): string[] =>
  [...new Set(candidates.map((c) => c.year))].sort().reverse();

/** The cards RENEW sends: those of the chosen year that were not left out. */
export const chosenCards = (context: BulkRenewalContext): RenewalCandidate[] =>
  context.candidates.filter((c) => c.year === context.year && !context.excluded.has(c.id));

/** The cards a window offers; `skipped`: the rows of the list the app could not read (none when absent, as on a page). */
interface RenewableCards {
  readonly candidates: RenewalCandidate[];
  readonly capped: boolean;
  readonly skipped?: number;
}

/**
 * The kind's cards of a filter that the window offers, read page by page: `?state=expired`, or `?state=active` kept
 * when their last day falls within the academic year under way on `today` (the backend renews those ahead).
 */
export const readRenewableCards = async (
  kind: AnyKind,
  filter: number | null,
  window: RenewalWindow,
  rules: ValidityRules,
  today: string,
): Promise<RenewableCards> => {
  const yearEnd = academicYearEndDay(today, rules);
  const endsThisYear = (card: AnyCard) => {
    const end = validUntilOf(kind.id, card, rules);
    return end !== null && end <= yearEnd;
  };
  const unread = { skipped: 0 };
  const expired = window === "expired";
  const scope: ListScope = { search: "", filter, state: expired ? "expired" : "active" };
  const cards = await readListCards(kind, scope, expired ? () => true : endsThisYear, MAX_RENEWAL_CARDS + 1, unread);
  const candidates = cards.slice(0, MAX_RENEWAL_CARDS).map((card) => {
    const end = validUntilOf(kind.id, card, rules);
    return {
      id: card.id,
      code: card.code,
      register: card.register,
      name: cardHolderName(card),
      year: end === null ? "" : academicYearLabel(end, rules),
    };
  });
  return { candidates, capped: cards.length > MAX_RENEWAL_CARDS, skipped: unread.skipped };
};

/** The batch starting at `sent`. */
const nextBatch = (context: BulkRenewalContext) => context.queue.slice(context.sent, context.sent + context.batchSize);

/** One batch's answer folded into the report; a card the answer leaves out is refused, never silently lost. */
const withAnswer = (report: RenewalReport, batch: readonly RenewalCandidate[], answer: BulkRenewal): RenewalReport => {
  const byId = new Map(batch.map((card) => [card.id, card]));
  const created = answer.created.flatMap((c) => {
    const card = byId.get(c.card);
    return card ? [{ card, demandCode: c.code ?? "", demandId: c.demand }] : [];
  });
  const refused = answer.refused.flatMap((r) => {
    const card = byId.get(r.card);
    return card ? [{ card, code: r.code ?? null, detail: r.detail }] : [];
  });
  const answered = new Set([...created, ...refused].map((entry) => entry.card.id));
  const lost = batch.filter((card) => !answered.has(card.id)).map((card) => ({ card, code: null, detail: null }));
  return { created: [...report.created, ...created], refused: [...report.refused, ...refused, ...lost] };
};

export const bulkRenewalMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as BulkRenewalContext,
    events: {} as BulkRenewalEvent,
    input: {} as BulkRenewalInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    readCards: fromPromise<
      RenewableCards,
      {
        readonly kind: AnyKind;
        readonly filter: number | null;
        readonly window: RenewalWindow;
        readonly rules: ValidityRules;
      }
    >(({ input }) => readRenewableCards(input.kind, input.filter, input.window, input.rules, doualaDay(Date.now()))),
    renewBatch: fromPromise<BulkRenewal, { readonly kind: AnyKind; readonly ids: readonly string[] }>(({ input }) =>
      renewCards(input.kind, input.ids),
    ),
  },
  actions: {
    /** An <a download> on an object URL; a browser that refuses leaves the file unsaved (it never throws). */
    saveFile: (_, params: SaveFileParams) => void saveFile(params),
  },
  guards: {
    hasChosen: ({ context }) => chosenCards(context).length > 0,
    moreToSend: ({ context }) => context.sent < context.queue.length,
  },
}).createMachine({
  id: "bulkRenewal",
  context: ({ input }) => ({
    kind: input.kind,
    rules: input.rules ?? DEFAULT_VALIDITY_RULES,
    batchSize: Math.max(1, Math.min(500, input.batchSize ?? RENEWAL_BATCH)),
    filter: null,
    window: "expired",
    candidates: [],
    capped: false,
    skipped: 0,
    year: null,
    excluded: new Set(),
    queue: [],
    sent: 0,
    report: emptyReport,
    errorKey: null,
  }),
  initial: "idle",
  on: {
    LOAD: {
      target: ".loading",
      actions: assign({ filter: ({ event }) => event.filter, errorKey: null }),
    },
    CHOOSE_WINDOW: {
      target: ".loading",
      actions: assign({ window: ({ event }) => event.window, errorKey: null }),
    },
  },
  states: {
    idle: {},
    loading: {
      tags: ["busy"],
      invoke: {
        src: "readCards",
        input: ({ context }) => ({
          kind: context.kind,
          filter: context.filter,
          window: context.window,
          rules: context.rules,
        }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => {
            const years = renewalYears(event.output.candidates);
            return {
              candidates: event.output.candidates,
              capped: event.output.capped,
              skipped: event.output.skipped ?? 0,
              // The year chosen before stays chosen when the new list has it; else the most recent one.
              year: context.year !== null && years.includes(context.year) ? context.year : (years[0] ?? null),
              excluded: new Set<string>(),
            };
          }),
        },
        onError: {
          target: "loadFailed",
          actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }),
        },
      },
    },
    loadFailed: {
      on: { RETRY: "loading" },
    },
    ready: {
      on: {
        CHOOSE_YEAR: { actions: assign({ year: ({ event }) => event.year, excluded: new Set<string>() }) },
        TOGGLE: {
          actions: assign({
            excluded: ({ context, event }) => {
              const next = new Set(context.excluded);
              if (event.on) next.delete(event.id);
              else next.add(event.id);
              return next;
            },
          }),
        },
        RENEW: { guard: "hasChosen", target: "confirming" },
      },
    },
    // One press would create a demand per card: the screen says how many first.
    confirming: {
      on: {
        CONFIRM: {
          target: "renewing",
          actions: assign(({ context }) => ({ queue: chosenCards(context), sent: 0, report: emptyReport })),
        },
        CANCEL: { target: "ready" },
      },
    },
    renewing: {
      tags: ["busy"],
      invoke: {
        src: "renewBatch",
        input: ({ context }) => ({ kind: context.kind, ids: nextBatch(context).map((card) => card.id) }),
        onDone: {
          target: "sent",
          actions: assign(({ context, event }) => {
            const batch = nextBatch(context);
            return {
              report: withAnswer(context.report, batch, event.output),
              sent: context.sent + batch.length,
            };
          }),
        },
        onError: {
          target: "interrupted",
          actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }),
        },
      },
    },
    sent: {
      tags: ["busy"],
      always: [{ guard: "moreToSend", target: "renewing" }, { target: "done" }],
    },
    interrupted: {
      on: { RESUME: { target: "renewing", actions: assign({ errorKey: null }) } },
    },
    done: {
      on: {
        DOWNLOAD: {
          actions: {
            type: "saveFile",
            params: ({ context }) => reportFile(context.kind, context.report),
          },
        },
        RESTART: {
          target: "loading",
          actions: assign({ queue: [], sent: 0, report: emptyReport }),
        },
      },
    },
  },
});

/** The report as a CSV for Excel: code, registration number, name, result, new demand or reason. */
const reportFile = (kind: AnyKind, report: RenewalReport): SaveFileParams => {
  const { t } = getI18n();
  const header = ["code", "register", "name", "result", "detail"].map((c) => t(`card:renewal.report.columns.${c}`));
  const rows = [
    ...report.created.map(({ card, demandCode }) => [
      card.code,
      card.register,
      card.name,
      t("card:renewal.report.created"),
      demandCode,
    ]),
    ...report.refused.map((refusal) => [
      refusal.card.code,
      refusal.card.register,
      refusal.card.name,
      t("card:renewal.report.refused"),
      refusalReason(t, refusal),
    ]),
  ];
  const contentType = "text/csv;charset=utf-8";
  return {
    file: { blob: new Blob([toExcelCsvRows([header, ...rows])], { type: contentType }), fileName: null, contentType },
    fileName: t("card:renewal.report.fileName", {
      kind: t(`dashboard:export.fileTarget.${kind.id}`),
      date: doualaDay(Date.now()),
    }),
  };
};
