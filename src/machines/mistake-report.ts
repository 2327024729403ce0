import { assign, fromPromise, setup } from "xstate";
import { reportMistake, type Reported } from "../api";
import { messageKeyOf } from "../api/messages";
import type { KindId } from "../api/kind-ids";
import { MAX_MISTAKE_NOTE } from "../api/schemas";
import { freeTextProblem } from "../forms/text-chars";
import { kinds, type AnyKind } from "../kinds";

/**
 * "Signaler une erreur" on /track (extension `correction`, docs/extensions.md): a note to the office about a mistake
 * in a sent request, with its code and registration number.
 *
 *   closed → OPEN → writing → SUBMIT (words, within the limit) → sending → sent
 *                      ↑______________________________ refused ┘ (the message above the form)
 */

export interface MistakeReportInput {
  readonly kind: KindId;
  readonly code: string;
  readonly register: string;
}

export interface MistakeReportContext extends MistakeReportInput {
  readonly message: string;
  /** An i18n key: the note is missing, too long, or holds a character no one types. */
  readonly messageError: string | null;
  readonly errorKey: string | null;
}

export type MistakeReportEvent =
  | { readonly type: "OPEN" }
  | { readonly type: "CLOSE" }
  | { readonly type: "CHANGE"; readonly message: string }
  | { readonly type: "SUBMIT" };

const problem = (message: string): string | null => {
  const text = message.trim();
  if (text === "") return "registration:report.required";
  const fault = freeTextProblem(text, MAX_MISTAKE_NOTE);
  return fault === "tooLong" ? "registration:report.tooLong" : fault === null ? null : "validation:invisibleChars";
};

export const mistakeReportMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as MistakeReportContext,
    events: {} as MistakeReportEvent,
    input: {} as MistakeReportInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    report: fromPromise<
      Reported,
      { readonly kind: AnyKind; readonly code: string; readonly register: string; readonly message: string }
    >(({ input }) => reportMistake(input.kind, input.code, input.register, input.message)),
  },
  guards: {
    invalid: ({ context }) => problem(context.message) !== null,
  },
}).createMachine({
  id: "mistakeReport",
  context: ({ input }) => ({ ...input, message: "", messageError: null, errorKey: null }),
  initial: "closed",
  states: {
    closed: { on: { OPEN: { target: "writing" } } },
    writing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            message: event.message,
            messageError: context.messageError === null ? null : problem(event.message),
          })),
        },
        SUBMIT: [
          { guard: "invalid", actions: assign({ messageError: ({ context }) => problem(context.message) }) },
          { target: "sending", actions: assign({ messageError: null, errorKey: null }) },
        ],
        CLOSE: { target: "closed", actions: assign({ message: "", messageError: null, errorKey: null }) },
      },
    },
    sending: {
      invoke: {
        src: "report",
        input: ({ context }) => ({
          kind: kinds[context.kind],
          code: context.code,
          register: context.register,
          message: context.message,
        }),
        onDone: { target: "sent" },
        onError: { target: "writing", actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }) },
      },
    },
    sent: { type: "final" },
  },
});
