/**
 * The time a user waits after an input for the page to show its answer (INP-style), as the benchmark measures it:
 * from the next trusted key or pointer input to the first paint after the change that answers it of the page. Used for the
 * back office's list (scripts/lib/bench-backoffice.ts), the wizard, the photo crop and the offline checker at the
 * low tier (scripts/lib/bench-low-tier.ts).
 */
import type { CDPSession, Page } from "puppeteer-core";

/** What the answer to the input looks like: the `index`th element matching `selector`… */
export interface Answer {
  readonly selector: string;
  readonly index?: number;
  /** …whose text changed (and is not empty), which appeared, or which went away. */
  readonly until: "changed" | "present" | "absent";
  /** While an element matching this selector is there, the answer is still on its way (e.g. `[aria-busy=true]`). */
  readonly busy?: string;
}

/** Waited in vain: the answer did not come within 15 s. */
export const NO_ANSWER = -1;

/**
 * Arms a measure in the page: from the next trusted input (key or pointer) to the first paint after `answer`.
 * Resolves window.__benchDone with milliseconds (or NO_ANSWER after 15 s). Call right before the input.
 */
export const arm = (page: Page, answer: Answer): Promise<void> =>
  page.evaluate(
    ({ selector, index, until, busy, none }) => {
      const read = () => {
        const element = document.querySelectorAll(selector)[index];
        return element ? (element.textContent ?? "") : null;
      };
      const before = read();
      let started: number | null = null;
      const start = (event: Event) => {
        if (event.isTrusted && started === null) started = event.timeStamp;
      };
      const answered = () => {
        if (busy && document.querySelector(busy)) return false;
        const now = read();
        if (until === "present") return now !== null;
        if (until === "absent") return now === null;
        return now !== null && now !== "" && now !== before;
      };
      document.addEventListener("keydown", start, { capture: true });
      document.addEventListener("pointerdown", start, { capture: true });
      (window as unknown as { __benchDone: Promise<number> }).__benchDone = new Promise<number>((resolve) => {
        const finish = (value: number) => {
          observer.disconnect();
          document.removeEventListener("keydown", start, { capture: true });
          document.removeEventListener("pointerdown", start, { capture: true });
          resolve(value);
        };
        const observer = new MutationObserver(() => {
          if (started === null || !answered()) return;
          observer.disconnect();
          const from = started;
          // The frame that shows it: after the next animation frame's paint.
          requestAnimationFrame(() => setTimeout(() => finish(Math.round(performance.now() - from))));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        setTimeout(() => finish(none), 15_000);
      });
    },
    { ...answer, index: answer.index ?? 0, busy: answer.busy ?? "", none: NO_ANSWER },
  );

/** The armed measure's milliseconds, once the answer is painted. */
export const result = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __benchDone: Promise<number> }).__benchDone);

/** Slows the page's CPU `rate` times through the DevTools protocol (1: full speed). */
export const throttle = (cdp: CDPSession, rate: number): Promise<unknown> =>
  cdp.send("Emulation.setCPUThrottlingRate", { rate });

/**
 * One timed interaction: with the CPU slowed `rate` times, arms the measure, makes the input (`act`) and returns
 * the milliseconds until `answer` is painted. The CPU is back at full speed afterwards.
 */
export const timeInteraction = async (
  page: Page,
  cdp: CDPSession,
  rate: number,
  answer: Answer,
  act: () => Promise<unknown>,
): Promise<number> => {
  await throttle(cdp, rate);
  try {
    await arm(page, answer);
    await act();
    return await result(page);
  } finally {
    await throttle(cdp, 1);
  }
};
