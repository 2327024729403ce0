import { assign, fromPromise, setup } from "xstate";
import { correctDemand } from "../api";
import { isApiError } from "../api/errors";
import { messageKeyOf } from "../api/messages";
import type { KindId } from "../api/kind-ids";
import type { Tracked } from "../api/schemas";
import { correctableFields } from "../forms/correctable";
import { validateFields } from "../forms/fields";
import type { FormValue, FormValues } from "../forms/rules";
import { toDemandForm } from "../forms/submission";
import { kinds, type AnyKind } from "../kinds";

/**
 * The applicant corrects what an agent named (extension `correction`, docs/extensions.md), on /track once the request
 * is found waiting for a correction: the named fields only, empty, under the registration rules.
 *
 *   editing → SUBMIT (the rules pass) → sending → sent (the request is received again)
 *                                          └─ refused → editing (the server's words on its fields, or a message)
 */

export interface DemandCorrectionInput {
  readonly kind: KindId;
  readonly code: string;
  readonly register: string;
  /** The fields the agent named, as tracking answered them: those this app can show are offered. */
  readonly fields: readonly string[];
}

export interface DemandCorrectionContext extends DemandCorrectionInput {
  readonly values: FormValues;
  /** Per field: an i18n key of the registration rules, or the server's own words. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly errorKey: string | null;
  readonly result: Tracked | null;
}

export type DemandCorrectionEvent =
  | { readonly type: "CHANGE"; readonly field: string; readonly value: FormValue }
  | { readonly type: "SUBMIT" };

/** The named fields this app knows how to show, in the form's order. */
export const namedFields = (kind: KindId, names: readonly string[]) =>
  correctableFields(kinds[kind].form).filter((field) => names.includes(field.name));

const problems = (context: Pick<DemandCorrectionContext, "kind" | "fields" | "values">) =>
  validateFields(namedFields(context.kind, context.fields), context.values);

/** The values sent: the named fields only, as the wizard sends them (trimmed, phones as 9 digits, choices as numbers). */
const sentValues = (context: Pick<DemandCorrectionContext, "kind" | "fields" | "values">) => {
  const form = toDemandForm(kinds[context.kind], context.values);
  return Object.fromEntries(
    namedFields(context.kind, context.fields).map((field) => {
      const value = form[field.name];
      return [field.name, typeof value === "string" || typeof value === "number" ? value : ""];
    }),
  );
};

/** A 400 on the named fields (`{"values": {"field": ["message"]}}`): each field's first message. */
const serverFieldErrors = (error: unknown): Record<string, string> => {
  if (!isApiError(error) || error.kind !== "badRequest") return {};
  const content = error.content;
  const values = typeof content === "object" && content !== null && "values" in content ? content.values : null;
  if (typeof values !== "object" || values === null) return {};
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, messages]) =>
      Array.isArray(messages) && typeof messages[0] === "string" ? [[name, messages[0]]] : [],
    ),
  );
};

export const demandCorrectionMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as DemandCorrectionContext,
    events: {} as DemandCorrectionEvent,
    input: {} as DemandCorrectionInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    correct: fromPromise<
      Tracked,
      {
        readonly kind: AnyKind;
        readonly code: string;
        readonly register: string;
        readonly values: Readonly<Record<string, string | number>>;
      }
    >(({ input }) => correctDemand(input.kind, input.code, input.register, input.values)),
  },
  guards: {
    invalid: ({ context }) => Object.keys(problems(context)).length > 0,
  },
}).createMachine({
  id: "demandCorrection",
  context: ({ input }) => ({ ...input, values: {}, fieldErrors: {}, errorKey: null, result: null }),
  initial: "editing",
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            const { [event.field]: _fixed, ...others } = context.fieldErrors;
            // Problems on display follow the changes; before the first SUBMIT the form stays quiet.
            const shown = Object.keys(context.fieldErrors).length > 0;
            return { values, fieldErrors: shown ? { ...others, ...problems({ ...context, values }) } : {} };
          }),
        },
        SUBMIT: [
          { guard: "invalid", actions: assign({ fieldErrors: ({ context }) => problems(context), errorKey: null }) },
          { target: "sending", actions: assign({ fieldErrors: {}, errorKey: null }) },
        ],
      },
    },
    sending: {
      invoke: {
        src: "correct",
        input: ({ context }) => ({
          kind: kinds[context.kind],
          code: context.code,
          register: context.register,
          values: sentValues(context),
        }),
        onDone: { target: "sent", actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: "editing",
          actions: assign(({ event }) => ({
            fieldErrors: serverFieldErrors(event.error),
            errorKey: messageKeyOf(event.error),
          })),
        },
      },
    },
    sent: { type: "final" },
  },
});
