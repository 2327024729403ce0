import { assign, fromPromise, setup } from "xstate";
import { checkCard, getReferenceList } from "../api";
import { isApiError } from "../api/errors";
import { messageKeyOf } from "../api/messages";
import type { KindId } from "../api/kind-ids";
import type { BloodGroup, RefItem, ReferenceName } from "../api/schemas";
import { kinds } from "../kinds";
import { readReferenceCache, type StorageLike } from "./reference-data";

/**
 * The public card-check page (docs/spec.md §2, reached through the card's QR code):
 *
 *   start ─ empty / absurd token ─▶ notFound
 *         ─ otherwise ────────────▶ loading ─ valid card ───▶ found.valid   ┐ `found` invokes `loadLabels` (reference
 *                                           ─ invalid card ─▶ found.invalid ┘ lists for faculty, service…; a failure
 *                                           ─ 404 / 400 ────▶ notFound        only leaves the ids)
 *                                           ─ other error ──▶ failed ─RETRY▶ loading
 *
 * The check itself is the invoked `check` actor (default: `checkCard`). What reaches the context is a public
 * projection of the answer: the holder's own e-mail, phone, national ID, birth data are dropped here, so no
 * screen can show them by mistake.
 */

/** Longer than any real token (the demo's are 22 characters, Fernet-style ones ~100): treated as not found. */
export const MAX_TOKEN_LENGTH = 512;

/** A token worth sending: non-empty, not absurdly long, no whitespace or control characters. */
export const isPlausibleToken = (token: string): boolean =>
  // oxlint-disable-next-line no-control-regex -- finding control characters is this test's purpose
  token.length > 0 && token.length <= MAX_TOKEN_LENGTH && !/[\s\u0000-\u001f\u007f]/.test(token);

/** One kind-specific reference field of the card (faculty, cycle, service…) and its id; null when absent. */
export interface CardRefField {
  readonly field: string;
  readonly list: ReferenceName;
  readonly id: number | null;
}

/** What the check page may show. Never the holder's e-mail, phone, national ID or birth data. */
export interface CardCheckView {
  readonly kind: KindId;
  readonly valid: boolean;
  readonly code: string;
  readonly register: string;
  readonly firstname: string;
  readonly lastname: string;
  /** A data:image URL, or null without a (usable) photo. */
  readonly photo: string | null;
  /** duration_year_str, e.g. "2026/2027". */
  readonly academicYear: string;
  readonly refs: readonly CardRefField[];
  readonly emergency: {
    readonly bloodGroup: BloodGroup;
    readonly allergies: string;
    readonly contactName: string;
    readonly contactPhone: string;
  };
}

/** Reference lists by name, as far as they could be loaded. */
export type CheckLabels = Partial<Record<ReferenceName, readonly RefItem[]>>;

const imageTypes: ReadonlyArray<readonly [string, string]> = [
  ["/9j/", "image/jpeg"],
  ["iVBOR", "image/png"],
  ["R0lGOD", "image/gif"],
  ["UklGR", "image/webp"],
];

/**
 * photo_str as an <img> source: a data:image URL is kept, bare base64 (the server's form) gets its type from its
 * first bytes. Anything else (another scheme, not base64) gives null: the page shows "no photo".
 */
export const photoSource = (photo: string | null | undefined): string | null => {
  const value = photo?.trim();
  if (!value) return null;
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(value)) return value;
  const bare = value.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bare)) return null;
  const type = imageTypes.find(([prefix]) => bare.startsWith(prefix))?.[1] ?? "image/jpeg";
  return `data:${type};base64,${bare}`;
};

/** Reference lists a kind's check page needs (its descriptor's refFields). */
export const neededLists = (kind: KindId): ReferenceName[] => [...new Set(Object.values(kinds[kind].refFields))];

/** The public projection of a check answer. */
export const toCheckView = (kind: KindId, answer: Record<string, unknown>): CardCheckView => {
  const text = (key: string) => (typeof answer[key] === "string" ? (answer[key] as string) : "");
  return {
    kind,
    valid: answer.valid === true,
    code: text("code"),
    register: text("register"),
    firstname: text("firstname"),
    lastname: text("lastname"),
    photo: photoSource(answer.photo_str as string | null | undefined),
    academicYear: text("duration_year_str"),
    refs: Object.entries(kinds[kind].refFields).map(([field, list]) => ({
      field,
      list,
      id: typeof answer[field] === "number" ? (answer[field] as number) : null,
    })),
    emergency: {
      bloodGroup: answer.blood_group as BloodGroup,
      allergies: text("allergies"),
      contactName: text("contact_person_name"),
      contactPhone: text("contact_person_phone"),
    },
  };
};

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
export const loadCheckLabels = async (names: readonly ReferenceName[], storage: StorageLike | null = browserStorage()): Promise<CheckLabels> => {
  const cached = readReferenceCache(storage);
  if (cached) return Object.fromEntries(names.map((name) => [name, cached.data[name] as readonly RefItem[]]));
  const settled = await Promise.allSettled(names.map((name) => getReferenceList(name)));
  const labels: CheckLabels = {};
  settled.forEach((result, i) => {
    const name = names[i];
    if (name && result.status === "fulfilled") labels[name] = result.value as readonly RefItem[];
  });
  return labels;
};

/**
 * A `loadLabels` actor: `load` once `ready` has resolved. The pages pass "the verdict is on screen", so a reader
 * on a slow network gets the answer before the lists take the connection.
 */
export const labelsLoader = (load: (names: readonly ReferenceName[]) => Promise<CheckLabels>, ready: () => Promise<void> = async () => {}) =>
  fromPromise<CheckLabels, { readonly names: readonly ReferenceName[] }>(async ({ input }) => {
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
}

export type CardCheckEvent = { readonly type: "RETRY" };

export const cardCheckMachine = setup({
  types: {
    context: {} as CardCheckContext,
    events: {} as CardCheckEvent,
    input: {} as CardCheckInput,
  },
  actors: {
    check: fromPromise<Record<string, unknown>, { readonly kind: KindId; readonly token: string }>(
      ({ input }) => checkCard(kinds[input.kind], input.token),
    ),
    loadLabels: labelsLoader(loadCheckLabels),
  },
  guards: {
    plausibleToken: ({ context }) => isPlausibleToken(context.token),
    cardValid: (_, params: { output: Record<string, unknown> }) => params.output.valid === true,
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
  }),
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
            actions: assign({ view: ({ context, event }) => toCheckView(context.kind, event.output), checkedAt: () => Date.now() }),
          },
          {
            target: "found.invalid",
            actions: assign({ view: ({ context, event }) => toCheckView(context.kind, event.output), checkedAt: () => Date.now() }),
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
