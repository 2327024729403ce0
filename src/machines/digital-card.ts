import { Schema } from "effect";
import { and, assign, fromCallback, fromPromise, setup } from "xstate";
import { fetchDigitalCard } from "../api";
import { kindIds, type KindId } from "../api/kind-ids";
import { messageKeyOf } from "../api/messages";
import { DigitalCard } from "../api/schemas";
import { forgetDigitalCard, keepDigitalCard, readKeptDigitalCard } from "../browser/local-storage";
import { kinds } from "../kinds";

/**
 * The holder's digital card (extension `digital-card`, docs/extensions.md): asked for with the receipt's code, the
 * registration number and the birth date; shown with its short-lived signed QR; refreshed while the page is open
 * and online, so that a suspension reaches the phone. Kept on the phone only when the holder asks ("keep on this
 * phone", which installing implies); otherwise leaving the page leaves nothing behind.
 *
 *   restoring → showing (kept card) | asking
 *   asking → SUBMIT → fetching → showing | asking (error)
 *   showing → every REFRESH_MS, ONLINE or SHOWN → refreshing → showing (new card, or the old one marked not refreshed)
 *   showing → KEEP / FORGET (kept or not on this phone), CLOSE → asking, with nothing kept
 */

/** How often an open card asks for a fresh one (and its state) while online. */
export const REFRESH_MS = 10 * 60 * 1000;

export type DigitalField = "code" | "register" | "birth_at";

const Lookup = Schema.Struct({
  kind: Schema.Literals(kindIds),
  code: Schema.String,
  register: Schema.String,
  birth_at: Schema.String,
});
type Lookup = Schema.Schema.Type<typeof Lookup>;

/** What a phone keeps: the look-up (to refresh) and the last card answered. */
const Kept = Schema.Struct({ lookup: Lookup, card: DigitalCard });
type Kept = Schema.Schema.Type<typeof Kept>;
const decodeKept = Schema.decodeUnknownOption(Kept);

export interface DigitalCardInput {
  readonly kind: KindId;
  readonly code?: string;
}

export interface DigitalCardContext {
  readonly lookup: Lookup;
  readonly fieldErrors: Partial<Record<DigitalField, string>>;
  readonly card: DigitalCard | null;
  /** Kept on this phone (localStorage) by the holder's choice. */
  readonly kept: boolean;
  /** The last refresh failed (no network): the card shown is the last one answered. */
  readonly stale: boolean;
  readonly errorKey: string | null;
}

export type DigitalCardEvent =
  | { readonly type: "SET_KIND"; readonly kind: KindId }
  | { readonly type: "CHANGE"; readonly field: DigitalField; readonly value: string }
  | { readonly type: "SUBMIT" }
  | { readonly type: "REFRESH" }
  | { readonly type: "KEEP" }
  | { readonly type: "FORGET" }
  | { readonly type: "CLOSE" };

const problems = (lookup: Lookup): DigitalCardContext["fieldErrors"] => ({
  ...(lookup.code.trim() === "" ? { code: "registration:track.codeRequired" } : {}),
  ...(lookup.register.trim() === "" ? { register: "registration:track.registerRequired" } : {}),
  ...(/^\d{4}-\d{2}-\d{2}$/.test(lookup.birth_at.trim()) ? {} : { birth_at: "registration:digital.birthRequired" }),
});

export const digitalCardMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as DigitalCardContext,
    events: {} as DigitalCardEvent,
    input: {} as DigitalCardInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    restore: fromPromise<Kept | null>(async () => {
      const kept = decodeKept(readKeptDigitalCard());
      return kept._tag === "Some" ? kept.value : null;
    }),
    fetchCard: fromPromise<DigitalCard, Lookup>(({ input }) => fetchDigitalCard(kinds[input.kind], input)),
    /** Asks for a fresh card every REFRESH_MS, when the network returns and when the page is shown again. */
    refreshTriggers: fromCallback(({ sendBack }) => {
      const refresh = () => sendBack({ type: "REFRESH" });
      const shown = () => document.visibilityState === "visible" && refresh();
      const timer = setInterval(refresh, REFRESH_MS);
      window.addEventListener("online", refresh);
      document.addEventListener("visibilitychange", shown);
      return () => {
        clearInterval(timer);
        window.removeEventListener("online", refresh);
        document.removeEventListener("visibilitychange", shown);
      };
    }),
  },
  actions: {
    /** A kept card follows every refresh, so the phone offline shows the newest state it heard of. */
    store: ({ context }) => {
      if (context.kept && context.card) keepDigitalCard({ lookup: context.lookup, card: context.card });
    },
    forget: () => forgetDigitalCard(),
  },
  guards: {
    online: () => navigator.onLine,
    incomplete: ({ context }) => Object.keys(problems(context.lookup)).length > 0,
  },
}).createMachine({
  id: "digitalCard",
  context: ({ input }) => ({
    lookup: { kind: input.kind, code: input.code ?? "", register: "", birth_at: "" },
    fieldErrors: {},
    card: null,
    kept: false,
    stale: false,
    errorKey: null,
  }),
  initial: "restoring",
  states: {
    restoring: {
      invoke: {
        src: "restore",
        onDone: [
          {
            guard: and([({ event }) => event.output !== null, "online"]),
            // A kept card is refreshed as soon as it is shown: the phone may have been offline for days.
            target: "showing.refreshing",
            actions: assign(({ event }) => (event.output ? { ...event.output, kept: true } : {})),
          },
          {
            guard: ({ event }) => event.output !== null,
            // No network: the card as last refreshed, said so.
            target: "showing",
            actions: assign(({ event }) => (event.output ? { ...event.output, kept: true, stale: true } : {})),
          },
          { target: "asking" },
        ],
        onError: { target: "asking" },
      },
    },
    asking: {
      on: {
        SET_KIND: { actions: assign({ lookup: ({ context, event }) => ({ ...context.lookup, kind: event.kind }) }) },
        CHANGE: {
          actions: assign(({ context, event }) => {
            const lookup = { ...context.lookup, [event.field]: event.value };
            const shown = Object.keys(context.fieldErrors).length > 0;
            return { lookup, fieldErrors: shown ? problems(lookup) : {} };
          }),
        },
        SUBMIT: [
          {
            guard: "incomplete",
            actions: assign({ fieldErrors: ({ context }) => problems(context.lookup), errorKey: null }),
          },
          { target: "fetching", actions: assign({ fieldErrors: {}, errorKey: null }) },
        ],
      },
    },
    fetching: {
      invoke: {
        src: "fetchCard",
        input: ({ context }) => context.lookup,
        onDone: { target: "showing", actions: assign({ card: ({ event }) => event.output, stale: false }) },
        onError: { target: "asking", actions: assign({ errorKey: ({ event }) => messageKeyOf(event.error) }) },
      },
    },
    showing: {
      invoke: { src: "refreshTriggers" },
      initial: "idle",
      on: {
        KEEP: { actions: [assign({ kept: true }), "store"] },
        FORGET: { actions: [assign({ kept: false }), "forget"] },
        CLOSE: {
          target: "asking",
          actions: [
            "forget",
            assign(({ context }) => ({
              card: null,
              kept: false,
              lookup: { ...context.lookup, register: "", birth_at: "" },
            })),
          ],
        },
      },
      states: {
        idle: { on: { REFRESH: { target: "refreshing" } } },
        refreshing: {
          invoke: {
            src: "fetchCard",
            input: ({ context }) => context.lookup,
            onDone: {
              target: "idle",
              actions: [assign({ card: ({ event }) => event.output, stale: false }), "store"],
            },
            onError: { target: "idle", actions: assign({ stale: true }) },
          },
        },
      },
    },
  },
});
