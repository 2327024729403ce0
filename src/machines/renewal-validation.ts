import { assign, fromPromise, setup } from "xstate";
import { getDemand, validateDemandSimple } from "../api";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import { needsPhoto, photoDataUrl } from "./demand-validation-photo";

/**
 * The renewal demands a bulk renewal made, validated in bulk from its report (extension `lifecycle`), each with the
 * checks validating it alone makes: a demand already validated meanwhile is left alone, a student's without a photo
 * is left for the validation screen (which asks the agent first), as is one whose level the renewal left empty (the
 * agent chooses it there), anything the server refuses keeps its message.
 *
 *   idle —VALIDATE_ALL→ validating (one demand at a time: n of N) → done (the report)
 */

export interface RenewalDemand {
  readonly id: string;
  readonly code: string;
  /** The holder, as the renewal report names them. */
  readonly name: string;
}

export interface RenewalValidationReport {
  readonly validated: readonly RenewalDemand[];
  /** Left out, with the i18n key of why. */
  readonly left: ReadonlyArray<{ readonly demand: RenewalDemand; readonly reasonKey: string }>;
}

export type OneValidation = { readonly validated: true } | { readonly validated: false; readonly reasonKey: string };

/** One renewal demand, checked as the validation screen checks it, then validated as received. */
export const validateRenewal = async (kind: AnyKind, id: string): Promise<OneValidation> => {
  try {
    const demand = await getDemand(kind, id);
    if (demand.validated) return { validated: false, reasonKey: "card:renewal.validation.already" };
    const record: Readonly<Record<string, unknown>> = demand;
    const photo = typeof record.photo_str === "string" ? photoDataUrl(record.photo_str) : null;
    if (needsPhoto(kind) && photo === null) return { validated: false, reasonKey: "card:renewal.validation.noPhoto" };
    // A level the renewal left empty (after the last of a cycle) is the agent's to choose on the demand's screen.
    const level = "niveau" in kind.refFields ? record.niveau : "";
    if (level === null || level === undefined || level === "")
      return { validated: false, reasonKey: "card:renewal.validation.noLevel" };
    await validateDemandSimple(kind, id);
    return { validated: true };
  } catch (error) {
    return { validated: false, reasonKey: messageKeyOf(error) };
  }
};

export interface RenewalValidationContext {
  readonly kind: AnyKind;
  readonly demands: readonly RenewalDemand[];
  readonly done: number;
  readonly report: RenewalValidationReport;
}

export const renewalValidationMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as RenewalValidationContext,
    events: {} as { readonly type: "VALIDATE_ALL" },
    input: {} as { readonly kind: AnyKind; readonly demands: readonly RenewalDemand[] },
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    validateOne: fromPromise<OneValidation, { readonly kind: AnyKind; readonly id: string }>(({ input }) =>
      validateRenewal(input.kind, input.id),
    ),
  },
  guards: {
    moreToValidate: ({ context }) => context.done < context.demands.length,
  },
}).createMachine({
  id: "renewalValidation",
  context: ({ input }) => ({
    kind: input.kind,
    demands: input.demands,
    done: 0,
    report: { validated: [], left: [] },
  }),
  initial: "idle",
  states: {
    idle: { on: { VALIDATE_ALL: { guard: "moreToValidate", target: "validating" } } },
    validating: {
      tags: ["busy"],
      invoke: {
        src: "validateOne",
        input: ({ context }) => ({ kind: context.kind, id: context.demands[context.done]?.id ?? "" }),
        onDone: {
          target: "next",
          actions: assign(({ context, event }) => {
            const demand = context.demands[context.done];
            if (!demand) return {};
            const { report } = context;
            return {
              done: context.done + 1,
              report: event.output.validated
                ? { ...report, validated: [...report.validated, demand] }
                : { ...report, left: [...report.left, { demand, reasonKey: event.output.reasonKey }] },
            };
          }),
        },
      },
    },
    next: {
      tags: ["busy"],
      always: [{ guard: "moreToValidate", target: "validating" }, { target: "done" }],
    },
    done: {},
  },
});
