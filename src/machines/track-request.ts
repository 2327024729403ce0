import { assign, fromPromise, setup } from "xstate";
import { trackDemand } from "../api";
import { messageKeyOf } from "../api/messages";
import type { Tracked } from "../api/schemas";
import type { AnyKind } from "../kinds";
import { kinds } from "../kinds";
import type { KindId } from "../api/kind-ids";

/**
 * The public "track my request" page (extension `track`, docs/extensions.md): the request code and the registration
 * number give the request's state, nothing else.
 *
 *   editing → SUBMIT (both filled) → looking → found | editing (notFound: one neutral message; other errors)
 *   found → any change → editing; CORRECTED (the applicant's correction went through) → found, its answer shown
 */

export type TrackField = "code" | "register";

export interface TrackRequestInput {
  readonly kind: KindId;
  readonly code?: string;
}

export interface TrackRequestContext {
  readonly kind: KindId;
  readonly code: string;
  readonly register: string;
  readonly fieldErrors: Partial<Record<TrackField, string>>;
  readonly result: Tracked | null;
  /** Why the last look-up gave nothing: "errors:trackNotFound" for a pair that matches no request. */
  readonly errorKey: string | null;
  /** Extension `correction`: the request shown is the answer to the applicant's own correction. */
  readonly corrected: boolean;
}

export type TrackRequestEvent =
  | { readonly type: "SET_KIND"; readonly kind: KindId }
  | { readonly type: "CHANGE"; readonly field: TrackField; readonly value: string }
  | { readonly type: "SUBMIT" }
  | { readonly type: "CORRECTED"; readonly result: Tracked };

const problems = (context: Pick<TrackRequestContext, "code" | "register">): TrackRequestContext["fieldErrors"] => ({
  ...(context.code.trim() === "" ? { code: "registration:track.codeRequired" } : {}),
  ...(context.register.trim() === "" ? { register: "registration:track.registerRequired" } : {}),
});

export const trackRequestMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as TrackRequestContext,
    events: {} as TrackRequestEvent,
    input: {} as TrackRequestInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    track: fromPromise<Tracked, { readonly kind: AnyKind; readonly code: string; readonly register: string }>(
      ({ input }) => trackDemand(input.kind, input.code, input.register),
    ),
  },
  guards: {
    incomplete: ({ context }) => Object.keys(problems(context)).length > 0,
  },
}).createMachine({
  id: "trackRequest",
  context: ({ input }) => ({
    kind: input.kind,
    code: input.code ?? "",
    register: "",
    fieldErrors: {},
    result: null,
    errorKey: null,
    corrected: false,
  }),
  initial: "editing",
  on: {
    SET_KIND: {
      target: ".editing",
      actions: assign({ kind: ({ event }) => event.kind, result: null, errorKey: null }),
    },
    CHANGE: {
      target: ".editing",
      actions: assign(({ context, event }) => {
        const next = { ...context, [event.field]: event.value };
        const shown = Object.keys(context.fieldErrors).length > 0;
        return {
          [event.field]: event.value,
          result: null,
          corrected: false,
          fieldErrors: shown ? problems(next) : {},
        };
      }),
    },
  },
  states: {
    editing: {
      on: {
        SUBMIT: [
          { guard: "incomplete", actions: assign({ fieldErrors: ({ context }) => problems(context), errorKey: null }) },
          { target: "looking", actions: assign({ fieldErrors: {}, errorKey: null }) },
        ],
      },
    },
    looking: {
      invoke: {
        src: "track",
        input: ({ context }) => ({ kind: kinds[context.kind], code: context.code, register: context.register }),
        onDone: { target: "found", actions: assign({ result: ({ event }) => event.output, corrected: false }) },
        onError: {
          target: "editing",
          // A pair that matches nothing is one neutral message (messages.ts): never which of the two was wrong.
          actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }),
        },
      },
    },
    found: {
      on: {
        SUBMIT: { target: "looking" },
        CORRECTED: { actions: assign({ result: ({ event }) => event.result, corrected: true }) },
      },
    },
  },
});
