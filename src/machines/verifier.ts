import { and, assign, fromPromise, setup, stateIn } from "xstate";
import { announce, openCamera, type CameraEvent } from "./verifier-devices";
import { kindIds } from "../api/kind-ids";
import { checkCard } from "../api/endpoints/cards";
import { getSignedQrKeys, getSignedRevocationList } from "../api/endpoints/signed-qr";
import { kinds } from "../kinds";
import type { KindId } from "../api/kind-ids";
import { toCheckView, type CardCheckView } from "./card-check-view";
import { confirmedResult } from "./verifier-confirm";
import { checkText, type CheckResult } from "./verifier-check";
import {
  EMPTY_TRUST,
  keepTrust,
  mergeKindTrust,
  prepareTrust,
  readKeptTrust,
  type StoredTrust,
  type Trust,
} from "../browser/verify-trust";

/**
 * The offline checker at a gate (/verify, extension `signed-qr`): three regions side by side.
 *
 *   trust:   loading ─▶ refreshing (online) ─▶ ready ─ ONLINE ▶ refreshing     keys and list, kept in the browser
 *   camera:  off ─ OPEN_CAMERA ▶ on.opening ─ CAMERA_READY ▶ on.streaming     SCANNED events from the decoder
 *                                          └ CAMERA_DENIED ▶ denied, CAMERA_FAILED ▶ failed
 *   check:   idle ─ SCANNED / SUBMIT ▶ verifying ─▶ verdict (photo looked up when online)
 *            idle.looking ─ 3 s, camera streaming ▶ idle.unread ("move the card closer"); a read starts it again
 *            verdict ─ 4 s with the camera on, or SCAN_AGAIN (a tap) ▶ idle: the viewfinder is back
 *
 * Every verdict is a new `scan` number: the screen replays its entrance and the `announce` action its sound. The
 * camera sees the same QR many times a second: the text just checked is ignored while the camera keeps reading it
 * (the card is still in the frame), and checked again once it has been out of sight for a moment; any other text
 * is checked at once. Without the camera (a pasted address) the verdict stays until the next check.
 */

export interface VerifierContext {
  readonly trust: Trust;
  readonly trustLoaded: boolean;
  /** When keys and list were last asked of the backend (ms since epoch), null before. */
  readonly trustAskedAt: number | null;
  /** navigator.onLine as last reported: an offline verdict says so, with its list's date. */
  readonly online: boolean;
  readonly text: string | null;
  readonly result: CheckResult | null;
  /** Whether `result` was reached without a network. */
  readonly checkedOffline: boolean;
  /** When the backend confirmed the verdict shown (ms since epoch), null when it rests on the kept list alone. */
  readonly confirmedAt: number | null;
  /** Increments with every verdict shown. */
  readonly scan: number;
  /** The holder's photo from the online check: undefined while asked (or offline), null when none. */
  readonly photo: string | null | undefined;
  readonly stream: MediaStream | null;
  readonly now: () => Date;
  /** The site's origin: a pasted path (`/check/…`) is read against it. */
  readonly origin: string;
}

export interface VerifierInput {
  readonly origin: string;
  readonly online: boolean;
  /** A check URL the page was opened with (`/verify#…`), checked at once. */
  readonly text?: string | null;
  readonly now?: () => Date;
}

export type VerifierEvent =
  | CameraEvent
  | { readonly type: "OPEN_CAMERA" }
  | { readonly type: "CLOSE_CAMERA" }
  | { readonly type: "SUBMIT"; readonly text: string }
  | { readonly type: "SCAN_AGAIN" }
  | { readonly type: "ONLINE" }
  /** The page became visible again (visibilitychange). */
  | { readonly type: "SHOWN" }
  | { readonly type: "OFFLINE" };

/** How long a verdict covers the camera before the viewfinder comes back (pretixSCAN's few seconds). */
const VERDICT_SHOWN_MS = 4000;

/** How long the card just checked must be out of the camera's sight before it is checked again. */
const SAME_CODE_GONE_MS = 2000;

/** How long the camera reads nothing before the guard is told to move the card closer. */
const CLOSER_AFTER_MS = 3000;

/** How often an open checker refreshes its keys and list in the background. */
const REFRESH_EVERY_MS = 15 * 60_000;

/** Online, a scan first refreshes keys and list asked for longer ago than this (a card may have been revoked since). */
const TRUST_FRESH_FOR_MS = 5 * 60_000;

/** How long a check waits for the keys and list being refreshed before it uses those the browser holds. */
const TRUST_WAIT_MS = 3000;

const readTrust = (now: Date): Promise<Trust> => prepareTrust(readKeptTrust(), now);

/** Each kind's keys and list from the backend; a kind that fails keeps what the browser held. */
const fetchTrust = async (stored: StoredTrust, now: Date): Promise<Trust> => {
  const fetched = await Promise.allSettled(
    kindIds.map(async (kind) => {
      const [jwks, list] = await Promise.all([getSignedQrKeys(kinds[kind]), getSignedRevocationList(kinds[kind])]);
      return [kind, await mergeKindTrust(stored[kind], { jwks, list }, now)] as const;
    }),
  );
  const fresh = fetched.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  if (fresh.length === 0) throw new Error("no keys or list could be fetched");
  const next: StoredTrust = { ...stored, ...Object.fromEntries(fresh) };
  // A full or refused storage: the checker works with what it fetched until the page closes.
  keepTrust(next);
  return prepareTrust(next, now);
};

/** The check page's own call: the card's current state and photo, as the backend answers now. */
const confirmOnline = async ({ kind, token }: { kind: KindId; token: string }): Promise<CardCheckView> =>
  toCheckView(kind, await checkCard(kinds[kind], token));

const hasCard = (result: CheckResult | null): result is Extract<CheckResult, { result: "verdict" }> =>
  result?.result === "verdict" && "claims" in result.verdict;

export const verifierMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as VerifierContext,
    events: {} as VerifierEvent,
    input: {} as VerifierInput,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: {
    loadTrust: fromPromise<Trust, { readonly now: Date }>(({ input }) => readTrust(input.now)),
    refreshTrust: fromPromise<Trust, { readonly stored: StoredTrust; readonly now: Date }>(({ input }) =>
      fetchTrust(input.stored, input.now),
    ),
    verify: fromPromise<
      CheckResult,
      { readonly text: string; readonly trust: Trust; readonly now: Date; readonly origin: string }
    >(({ input }) => checkText(input.text, input.trust, input.now, input.origin)),
    confirmOnline: fromPromise<CardCheckView, { readonly kind: KindId; readonly token: string }>(({ input }) =>
      confirmOnline(input),
    ),
    camera: openCamera,
  },
  actions: {
    announce: (_, result: CheckResult) => announce(result),
  },
  guards: {
    online: ({ context }) => context.online,
    trustLoaded: ({ context }) => context.trustLoaded,
    trustOld: ({ context }) =>
      context.online &&
      (context.trustAskedAt === null || context.now().getTime() - context.trustAskedAt > TRUST_FRESH_FOR_MS),
    newText: ({ context, event }) => event.type === "SCANNED" && event.text !== context.text,
    sameText: ({ context, event }) => event.type === "SCANNED" && event.text === context.text,
    cameraOn: stateIn({ camera: "on" }),
    streaming: stateIn({ camera: { on: "streaming" } }),
  },
}).createMachine({
  id: "verifier",
  type: "parallel",
  context: ({ input }) => ({
    trust: EMPTY_TRUST,
    trustLoaded: false,
    trustAskedAt: null,
    online: input.online,
    text: input.text ?? null,
    result: null,
    checkedOffline: false,
    confirmedAt: null,
    scan: 0,
    photo: undefined,
    stream: null,
    now: input.now ?? (() => new Date()),
    origin: input.origin,
  }),
  on: {
    OFFLINE: { actions: assign({ online: false }) },
  },
  states: {
    trust: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "loadTrust",
            input: ({ context }) => ({ now: context.now() }),
            onDone: [
              {
                guard: "online",
                target: "refreshing",
                actions: assign({ trust: ({ event }) => event.output, trustLoaded: true }),
              },
              { target: "ready", actions: assign({ trust: ({ event }) => event.output, trustLoaded: true }) },
            ],
            onError: [
              { guard: "online", target: "refreshing", actions: assign({ trustLoaded: true }) },
              { target: "ready", actions: assign({ trustLoaded: true }) },
            ],
          },
        },
        refreshing: {
          entry: assign({ trustAskedAt: ({ context }) => context.now().getTime() }),
          invoke: {
            src: "refreshTrust",
            input: ({ context }) => ({ stored: context.trust.stored, now: context.now() }),
            onDone: { target: "ready", actions: assign({ trust: ({ event }) => event.output }) },
            onError: { target: "ready" },
          },
          on: { ONLINE: { actions: assign({ online: true }) } },
        },
        // While the checker stays open, keys and list are refreshed every 15 minutes, when the page is shown again,
        // and at a scan when they are older than a few minutes (the check region then waits for them, a little).
        ready: {
          on: {
            ONLINE: { target: "refreshing", actions: assign({ online: true }) },
            SHOWN: { guard: "online", target: "refreshing" },
            SUBMIT: { guard: "trustOld", target: "refreshing" },
            SCANNED: { guard: and(["trustOld", "newText"]), target: "refreshing" },
          },
          after: { [REFRESH_EVERY_MS]: { guard: "online", target: "refreshing", reenter: true } },
        },
      },
    },
    camera: {
      initial: "off",
      states: {
        off: { on: { OPEN_CAMERA: "on" } },
        on: {
          initial: "opening",
          invoke: { src: "camera" },
          on: {
            CLOSE_CAMERA: { target: "off" },
            CAMERA_DENIED: { target: "denied" },
            CAMERA_FAILED: { target: "failed" },
          },
          exit: assign({ stream: null }),
          states: {
            opening: {
              on: { CAMERA_READY: { target: "streaming", actions: assign({ stream: ({ event }) => event.stream }) } },
            },
            streaming: {},
          },
        },
        denied: { on: { OPEN_CAMERA: "on" } },
        failed: { on: { OPEN_CAMERA: "on" } },
      },
    },
    check: {
      initial: "starting",
      states: {
        starting: {
          always: [{ guard: ({ context }) => context.text !== null, target: "verifying" }, { target: "idle" }],
        },
        idle: {
          initial: "looking",
          on: {
            SCANNED: [
              // The card just checked, still in the frame: a read (no "closer"), not a new check.
              { guard: "sameText", target: ".looking", reenter: true },
              { target: "verifying", actions: assign({ text: ({ event }) => event.text }) },
            ],
            SUBMIT: { target: "verifying", actions: assign({ text: ({ event }) => event.text }) },
            // The count towards "closer" starts when the camera shows something.
            CAMERA_READY: { target: ".looking", reenter: true },
          },
          states: {
            looking: {
              after: {
                [SAME_CODE_GONE_MS]: { actions: assign({ text: null }) },
                [CLOSER_AFTER_MS]: { guard: "streaming", target: "unread" },
              },
            },
            unread: {},
          },
        },
        // A new paste or scan cancels the check in flight: a verdict always belongs to the text shown beside it.
        verifying: {
          initial: "waitingForTrust",
          on: {
            SUBMIT: { target: "verifying", reenter: true, actions: assign({ text: ({ event }) => event.text }) },
            SCANNED: {
              guard: ({ context, event }) => event.text !== context.text,
              target: "verifying",
              reenter: true,
              actions: assign({ text: ({ event }) => event.text }),
            },
          },
          states: {
            // Online, the keys and list being refreshed are waited for (a revocation may be arriving), a little.
            waitingForTrust: {
              always: { guard: stateIn({ trust: "ready" }), target: "checking" },
              after: { [TRUST_WAIT_MS]: { guard: "trustLoaded", target: "checking" } },
            },
            checking: {
              invoke: {
                src: "verify",
                input: ({ context }) => ({
                  text: context.text ?? "",
                  trust: context.trust,
                  now: context.now(),
                  origin: context.origin,
                }),
                onDone: {
                  target: "confirming",
                  actions: assign(({ context, event }) => ({
                    result: event.output,
                    checkedOffline: !context.online,
                    confirmedAt: null,
                    photo: undefined,
                  })),
                },
              },
            },
            // Online, the backend's answer for the card wins over the kept list, and its photo is shown only when it
            // names the card the signature names: the verdict waits for it, so nothing is painted that it overturns.
            confirming: {
              always: { guard: ({ context }) => !(context.online && hasCard(context.result)), target: "done" },
              invoke: {
                src: "confirmOnline",
                input: ({ context }) =>
                  hasCard(context.result) ? context.result.card : { kind: "student" as const, token: "" },
                onDone: {
                  target: "done",
                  actions: assign(({ context, event }) => ({
                    ...(context.result ? confirmedResult(context.result, event.output) : {}),
                    confirmedAt: context.now().getTime(),
                  })),
                },
                onError: { target: "done", actions: assign({ photo: null }) },
              },
            },
            done: {
              always: {
                target: "#verifier.check.verdict",
                actions: [
                  assign(({ context }) => ({ scan: context.scan + 1 })),
                  {
                    type: "announce",
                    params: ({ context }) => context.result ?? { result: "notSigned", checkUrl: null },
                  },
                ],
              },
            },
          },
        },
        verdict: {
          initial: "shown",
          on: {
            SCANNED: {
              guard: ({ context, event }) => event.text !== context.text,
              target: "verifying",
              actions: assign({ text: ({ event }) => event.text }),
            },
            SUBMIT: { target: "verifying", actions: assign({ text: ({ event }) => event.text }) },
            // A tap on the verdict: back to scanning, the card just checked still ignored while in the frame.
            SCAN_AGAIN: { target: "idle" },
            // The camera opened over a pasted card's verdict: the guard wants to scan, not that verdict full screen.
            OPEN_CAMERA: { target: "idle" },
          },
          states: {
            shown: {
              after: {
                [VERDICT_SHOWN_MS]: [{ guard: "cameraOn", target: "#verifier.check.idle" }, { target: "rested" }],
              },
            },
            // The same code may be checked again (a guard who scans the same card twice gets a second verdict).
            rested: {
              entry: assign({ text: null }),
            },
          },
        },
      },
    },
  },
});
