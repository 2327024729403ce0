import { assign, fromPromise, setup } from "xstate";
import { checkCard, getReferenceList } from "../api";
import { isApiError } from "../api/errors";
import { messageKeyOf } from "../api/messages";
import type { KindId } from "../api/kind-ids";
import type { RefFieldList } from "../api/schemas";
import { kinds } from "../kinds";
import { neededLists, toCheckView, type CardCheckView, type CheckAnswer, type CheckLabels } from "./card-check-view";
import { readReferenceCache, type StorageLike } from "./reference-data";
import type { SignedCheck } from "./card-check-signed";

/**
 * The public card-check page (docs/spec.md §2, reached through the card's QR code):
 *
 *   start ─ empty / absurd token ─▶ notFound
 *         ─ otherwise ────────────▶ loading ─ valid card ───▶ found.valid   ┐ `found` invokes `loadLabels` (reference
 *                                           ─ invalid card ─▶ found.invalid ┘ lists for faculty, service…; a failure
 *                                           ─ 404 / 400 ────▶ notFound        only leaves the ids)
 *                                           ─ other error ──▶ failed ─RETRY▶ loading
 *
 * The check itself is the invoked `check` actor (default: `checkCard`). What reaches the context is the public
 * projection of the answer (card-check-view.ts). Beside it, from the start, `verifySigned` reads the QR's signed
 * fragment (extension `signed-qr`; default: none), whose verdict the page shows before the online one arrives.
 */

/** Longer than any real token (the demo's are 22 characters, Fernet-style ones ~100): treated as not found. */
export const MAX_TOKEN_LENGTH = 512;

/** A token worth sending: non-empty, not absurdly long, no whitespace or control characters. */
export const isPlausibleToken = (token: string): boolean =>
  // oxlint-disable-next-line no-control-regex -- finding control characters is this test's purpose
  token.length > 0 && token.length <= MAX_TOKEN_LENGTH && !/[\s\u0000-\u001f\u007f]/.test(token);

const browserStorage = (): StorageLike | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

/**
 * Default label loader: the start-up cache (institution_* keys, even when older than 24 h: labels rarely change)
 * or else the needed lists, each on its own so one failing list costs only its labels.
 */
export const loadCheckLabels = async (
  names: readonly RefFieldList[],
  storage: StorageLike | null = browserStorage(),
): Promise<CheckLabels> => {
  const cached = readReferenceCache(storage);
  if (cached) return Object.fromEntries(names.map((name) => [name, cached.data[name]]));
  const settled = await Promise.allSettled(names.map((name) => getReferenceList(name)));
  const labels: CheckLabels = {};
  settled.forEach((result, i) => {
    const name = names[i];
    if (name && result.status === "fulfilled") labels[name] = result.value;
  });
  return labels;
};

/**
 * A `loadLabels` actor: `load` once `ready` has resolved. The pages pass "the verdict is on screen", so a reader
 * on a slow network gets the answer before the lists take the connection.
 */
export const labelsLoader = (
  load: (names: readonly RefFieldList[]) => Promise<CheckLabels>,
  ready: () => Promise<void> = async () => {},
) =>
  fromPromise<CheckLabels, { readonly names: readonly RefFieldList[] }>(async ({ input }) => {
    await ready();
    return load(input.names);
  });

export interface CardCheckInput {
  readonly kind: KindId;
  /** The token from the URL, already decoded once (the router decodes path params). */
  readonly token: string;
}

export interface CardCheckContext {
  readonly kind: KindId;
  readonly token: string;
  view: CardCheckView | null;
  labels: CheckLabels;
  /** Whether the label lookup has finished (until then the page shows a placeholder, not the bare ids). */
  labelsDone: boolean;
  /** When the verdict arrived (ms since epoch). */
  checkedAt: number | null;
  error: unknown;
  /** i18n key of the failure (network, server…). */
  errorKey: string | null;
  /** The signed fragment's verdict (null: none, or not yet). */
  signed: SignedCheck | null;
  /** Whether the fragment's reading has finished: until then no online verdict is shown (it may be forged). */
  signedDone: boolean;
}

export type CardCheckEvent = { readonly type: "RETRY" };

export const cardCheckMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as CardCheckContext,
    events: {} as CardCheckEvent,
    input: {} as CardCheckInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    check: fromPromise<CheckAnswer, { readonly kind: KindId; readonly token: string }>(({ input }) =>
      checkCard(kinds[input.kind], input.token),
    ),
    loadLabels: labelsLoader(loadCheckLabels),
    /** The pages provide the reading of the QR's fragment (features/check/signed-check.ts) when the extension is on. */
    verifySigned: fromPromise<SignedCheck | null, { readonly kind: KindId; readonly token: string }>(async () => null),
  },
  guards: {
    plausibleToken: ({ context }) => isPlausibleToken(context.token),
    cardValid: (_, params: { output: CheckAnswer }) => params.output.valid,
    /** 404: no card for this token; 400: the server refused the token itself. Both mean "card not found". */
    unknownToken: (_, params: { error: unknown }) =>
      isApiError(params.error) && (params.error.kind === "notFound" || params.error.kind === "badRequest"),
  },
}).createMachine({
  id: "cardCheck",
  context: ({ input }) => ({
    kind: input.kind,
    token: input.token.trim(),
    view: null,
    labels: {},
    labelsDone: false,
    checkedAt: null,
    error: null,
    errorKey: null,
    signed: null,
    signedDone: false,
  }),
  invoke: {
    src: "verifySigned",
    input: ({ context }) => ({ kind: context.kind, token: context.token }),
    onDone: { actions: assign({ signed: ({ event }) => event.output, signedDone: true }) },
    onError: { actions: assign({ signed: { status: "unavailable" }, signedDone: true }) },
  },
  initial: "start",
  states: {
    start: {
      always: [{ guard: "plausibleToken", target: "loading" }, { target: "notFound" }],
    },
    loading: {
      entry: assign({ error: null, errorKey: null }),
      invoke: {
        src: "check",
        input: ({ context }) => ({ kind: context.kind, token: context.token }),
        onDone: [
          {
            guard: { type: "cardValid", params: ({ event }) => ({ output: event.output }) },
            target: "found.valid",
            actions: assign({
              view: ({ context, event }) => toCheckView(context.kind, event.output),
              checkedAt: () => Date.now(),
            }),
          },
          {
            target: "found.invalid",
            actions: assign({
              view: ({ context, event }) => toCheckView(context.kind, event.output),
              checkedAt: () => Date.now(),
            }),
          },
        ],
        onError: [
          { guard: { type: "unknownToken", params: ({ event }) => ({ error: event.error }) }, target: "notFound" },
          {
            target: "failed",
            actions: assign({ error: ({ event }) => event.error, errorKey: ({ event }) => messageKeyOf(event.error) }),
          },
        ],
      },
    },
    /** A card answered for this token; its labels load meanwhile (a failure only leaves the ids). */
    found: {
      initial: "valid",
      invoke: {
        src: "loadLabels",
        input: ({ context }) => ({ names: neededLists(context.kind) }),
        onDone: { actions: assign({ labels: ({ event }) => event.output, labelsDone: true }) },
        onError: { actions: assign({ labels: {}, labelsDone: true }) },
      },
      states: {
        valid: {},
        invalid: {},
      },
    },
    notFound: {},
    failed: {
      on: { RETRY: { target: "loading" } },
    },
  },
});
