import { assign, fromCallback, fromPromise, setup } from "xstate";

/**
 * The browser's offer to install /verify as an app (Chromium's `beforeinstallprompt`): kept for a button of the page's
 * own instead of the browser's mini-infobar, and asked when the guard presses it. A browser that never offers
 * (Safari, Firefox, or an app already installed) leaves the page's sentence saying how to add it by hand.
 *
 *   notOffered ─ OFFERED ▶ offered ─ INSTALL ▶ asking ─ accepted ▶ installed
 *                                                    └ dismissed ▶ notOffered (the browser may offer again)
 *   any ─ INSTALLED (`appinstalled`) ▶ installed
 */

/** What `beforeinstallprompt` carries beyond an Event (not in TypeScript's DOM types). */
export interface InstallPrompt {
  readonly prompt: () => Promise<unknown>;
  readonly userChoice: Promise<{ readonly outcome: string }>;
}

export type InstallOfferEvent =
  | { readonly type: "OFFERED"; readonly prompt: InstallPrompt }
  | { readonly type: "INSTALL" }
  | { readonly type: "INSTALLED" };

const isInstallPrompt = (event: Event): event is Event & InstallPrompt =>
  "prompt" in event && typeof event.prompt === "function" && "userChoice" in event;

const listen = fromCallback<InstallOfferEvent>(({ sendBack }) => {
  const offered = (event: Event) => {
    if (!isInstallPrompt(event)) return;
    event.preventDefault();
    sendBack({ type: "OFFERED", prompt: event });
  };
  const installed = () => sendBack({ type: "INSTALLED" });
  addEventListener("beforeinstallprompt", offered);
  addEventListener("appinstalled", installed);
  return () => {
    removeEventListener("beforeinstallprompt", offered);
    removeEventListener("appinstalled", installed);
  };
});

/** Shows the browser's own install dialog; answers whether the guard accepted. */
const ask = fromPromise<boolean, InstallPrompt | null>(async ({ input }) => {
  if (!input) return false;
  await input.prompt();
  return (await input.userChoice).outcome === "accepted";
});

export const installOfferMachine = setup({
  /* oxlint-disable typescript/no-unsafe-type-assertion -- XState reads these for their types only */
  types: {
    context: {} as { readonly prompt: InstallPrompt | null },
    events: {} as InstallOfferEvent,
  },
  /* oxlint-enable typescript/no-unsafe-type-assertion */
  actors: { listen, ask },
}).createMachine({
  id: "installOffer",
  context: { prompt: null },
  invoke: { src: "listen" },
  initial: "notOffered",
  on: { INSTALLED: { target: ".installed", actions: assign({ prompt: null }) } },
  states: {
    notOffered: {
      on: { OFFERED: { target: "offered", actions: assign({ prompt: ({ event }) => event.prompt }) } },
    },
    offered: {
      on: {
        INSTALL: { target: "asking" },
        OFFERED: { actions: assign({ prompt: ({ event }) => event.prompt }) },
      },
    },
    // A prompt serves once: whatever the answer, the kept one is dropped.
    asking: {
      invoke: {
        src: "ask",
        input: ({ context }) => context.prompt,
        onDone: [
          { guard: ({ event }) => event.output, target: "installed", actions: assign({ prompt: null }) },
          { target: "notOffered", actions: assign({ prompt: null }) },
        ],
        onError: { target: "notOffered", actions: assign({ prompt: null }) },
      },
    },
    installed: {},
  },
});
