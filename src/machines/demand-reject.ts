import { assign, emit, fromPromise, setup } from "xstate";
import { rejectDemand, type Rejected } from "../api";
import { messageKeyOf } from "../api/messages";
import { freeTextProblem } from "../forms/text-chars";
import { MAX_REJECTION_COMMENT, type RejectionReason, type RejectionStatus } from "../api/schemas";
import type { AnyKind } from "../kinds";
import { nextPendingFrom, pendingPageOfApi, type NextPending, type NextPendingQuery } from "./demand-validation-next";

/**
 * Reject a demand or ask for a correction, with a reason (extension `reject`, docs/extensions.md). The validation
 * screen runs it beside the validation machine, only when the deployment declares the capability.
 *
 *   closed → OPEN → choosing → SUBMIT (a reason chosen; "other" needs a comment) → sending → closed (emits `rejected`)
 *                       ↑______________________________________________ refused ┘ (the message in the dialog)
 *   SUBMIT with `thenNext` (the queue keeps moving, as "validate and next"): once sent, findingNext looks up the
 *   list's next demand waiting for a decision and emits `nextPending` (none or a failed lookup: id null).
 */

export interface DemandRejectInput {
  readonly kind: AnyKind;
  readonly id: string;
  /** The search of the list the agent came from, where "and next" looks. */
  readonly listSearch?: string;
}

export interface DemandRejectContext {
  readonly kind: AnyKind;
  readonly id: string;
  readonly status: RejectionStatus;
  readonly reason: RejectionReason | null;
  readonly comment: string;
  /** i18n keys of the dialog's field problems, shown once SUBMIT was refused. */
  readonly fieldErrors: Partial<Record<"reason" | "comment", string>>;
  readonly errorKey: string | null;
  readonly listSearch: string;
  /** The last SUBMIT asked to open the next demand once sent. */
  readonly thenNext: boolean;
  /** Extension `correction`: the fields a correction names, which the applicant may then correct online. */
  readonly fields: readonly string[];
}

export type DemandRejectEvent =
  | { readonly type: "OPEN"; readonly status: RejectionStatus }
  | { readonly type: "SET_STATUS"; readonly status: RejectionStatus }
  | { readonly type: "SET_REASON"; readonly reason: RejectionReason }
  | { readonly type: "SET_COMMENT"; readonly comment: string }
  | { readonly type: "SET_FIELD"; readonly field: string; readonly named: boolean }
  | { readonly type: "SUBMIT"; readonly thenNext?: boolean }
  | { readonly type: "CLOSE" };

export type DemandRejectEmitted =
  | { readonly type: "rejected"; readonly result: Rejected }
  | ({ readonly type: "nextPending" } & NextPending);

/** The dialog's problems: a reason is needed, "other" needs words, and words have a limit. */
export const rejectionProblems = (
  context: Pick<DemandRejectContext, "reason" | "comment">,
): DemandRejectContext["fieldErrors"] => {
  const comment = context.comment.trim();
  return {
    ...(context.reason === null ? { reason: "demand:reject.reasonRequired" } : {}),
    ...(context.reason === "other" && comment === "" ? { comment: "demand:reject.commentRequired" } : {}),
    ...(freeTextProblem(comment, MAX_REJECTION_COMMENT) === "tooLong"
      ? { comment: "demand:reject.commentTooLong" }
      : {}),
    ...(freeTextProblem(comment, MAX_REJECTION_COMMENT) === "invisibleChars"
      ? { comment: "validation:invisibleChars" }
      : {}),
  };
};

const fresh = { reason: null, comment: "", fieldErrors: {}, errorKey: null, fields: [] } as const;

export const demandRejectMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as DemandRejectContext,
    events: {} as DemandRejectEvent,
    input: {} as DemandRejectInput,
    emitted: {} as DemandRejectEmitted,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    reject: fromPromise<
      Rejected,
      {
        readonly kind: AnyKind;
        readonly id: string;
        readonly status: RejectionStatus;
        readonly reason: RejectionReason;
        readonly comment: string;
        readonly fields?: readonly string[];
      }
    >(({ input }) => rejectDemand(input.kind, input.id, input)),
    /** The list's next demand waiting for a decision (rejected ones passed over), as "validate and next" finds it. */
    findNextPending: fromPromise<NextPending, NextPendingQuery>(({ input }) =>
      nextPendingFrom(pendingPageOfApi)(input),
    ),
  },
  guards: {
    invalid: ({ context }) => Object.keys(rejectionProblems(context)).length > 0,
  },
}).createMachine({
  id: "demandReject",
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    status: "rejected",
    listSearch: input.listSearch ?? "",
    thenNext: false,
    ...fresh,
  }),
  initial: "closed",
  states: {
    closed: {
      on: { OPEN: { target: "choosing", actions: assign(({ event }) => ({ status: event.status, ...fresh })) } },
    },
    choosing: {
      on: {
        SET_STATUS: { actions: assign({ status: ({ event }) => event.status }) },
        SET_REASON: {
          actions: assign(({ context, event }) => ({
            reason: event.reason,
            fieldErrors: refreshed(context, { ...context, reason: event.reason }),
          })),
        },
        SET_COMMENT: {
          actions: assign(({ context, event }) => ({
            comment: event.comment,
            fieldErrors: refreshed(context, { ...context, comment: event.comment }),
          })),
        },
        SUBMIT: [
          { guard: "invalid", actions: assign({ fieldErrors: ({ context }) => rejectionProblems(context) }) },
          {
            target: "sending",
            actions: assign({ fieldErrors: {}, errorKey: null, thenNext: ({ event }) => event.thenNext === true }),
          },
        ],
        SET_FIELD: {
          actions: assign({
            fields: ({ context, event }) =>
              event.named
                ? [...new Set([...context.fields, event.field])]
                : context.fields.filter((name) => name !== event.field),
          }),
        },
        CLOSE: { target: "closed" },
      },
    },
    sending: {
      invoke: {
        src: "reject",
        input: ({ context }) => ({
          kind: context.kind,
          id: context.id,
          status: context.status,
          reason: context.reason ?? "other",
          comment: context.comment,
          // Only a correction names fields (none unless the deployment offers `correction`: the dialog shows no choice).
          ...(context.status === "correction" && context.fields.length > 0 ? { fields: context.fields } : {}),
        }),
        onDone: [
          {
            guard: ({ context }) => context.thenNext,
            target: "findingNext",
            actions: emit(({ event }) => ({ type: "rejected" as const, result: event.output })),
          },
          {
            target: "closed",
            actions: emit(({ event }) => ({ type: "rejected" as const, result: event.output })),
          },
        ],
        onError: { target: "choosing", actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }) },
      },
    },
    findingNext: {
      invoke: {
        src: "findNextPending",
        input: ({ context }) => ({
          kind: context.kind,
          search: context.listSearch,
          id: context.id,
          skipRejected: true,
        }),
        onDone: { target: "closed", actions: emit(({ event }) => ({ type: "nextPending" as const, ...event.output })) },
        // The decision went through; only the way on is unknown: back to the list.
        onError: { target: "closed", actions: emit({ type: "nextPending" as const, id: null, left: null }) },
      },
    },
  },
});

/** Once problems are on display they follow the changes; before that the dialog stays quiet. */
function refreshed(
  shown: Pick<DemandRejectContext, "fieldErrors">,
  next: Pick<DemandRejectContext, "reason" | "comment">,
): DemandRejectContext["fieldErrors"] {
  return Object.keys(shown.fieldErrors).length > 0 ? rejectionProblems(next) : {};
}
