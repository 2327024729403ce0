/**
 * What a user waits on after an input for the page to show its answer (INP-style), as the benchmark measures it: the
 * main thread's CPU time from the next trusted key or pointer input to the first paint after the change that answers
 * it, read from a trace taken at full speed (scripts/lib/bench-trace.ts); the bench multiplies it by the slowdown of
 * the phone it stands for. Used for the back office's list and validation (scripts/lib/bench-backoffice.ts), the
 * wizard, the photo crop and the offline checker (scripts/lib/bench-low-tier.ts).
 */
import type { KeyInput, Page } from "puppeteer-core";
import { pageHtml, servingOnce, swapOnInput, withHeadOf } from "./bench-floor.ts";
import { cpuBetweenMarks, traced } from "./bench-trace.ts";

/** The user-timing marks the measure sets: in the input's task, and once the answer is painted. */
const INPUT_MARK = "bench-input";
const PAINTED_MARK = "bench-painted";

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

/** The input measured: a click on the element `click` selects, or a key pressed where the focus is. */
export type Input = { readonly click: string } | { readonly press: KeyInput };

const perform = async (page: Page, input: Input) => {
  if ("press" in input) return page.keyboard.press(input.press);
  const target = await page.waitForSelector(input.click, { timeout: 60_000 });
  if (!target) throw new Error(`${input.click} not found`);
  await target.click();
};

/** What an interaction changed: the page's address and its HTML just before the input and once the answer painted. */
interface Change {
  readonly url: string;
  readonly before: string;
  readonly after: string;
  readonly answer: Answer;
  readonly input: Input;
}

/** One interaction's main-thread CPU time in ms (NO_ANSWER when its answer did not come) and its kinds of work. */
export interface Measure {
  readonly ms: number;
  readonly work: Readonly<Record<string, number>>;
  /** The same change with no app script (scripts/lib/bench-floor.ts), CPU ms, once measured (withFloor). */
  readonly floorMs?: number;
  readonly change?: Change;
}

/** A measure whose answer did not come (or was not the one measured). */
export const noAnswer: Measure = { ms: NO_ANSWER, work: {} };

/**
 * Arms a measure in the page: from the next trusted input (key or pointer) to the first paint after `answer`.
 * Resolves window.__benchDone with milliseconds (or NO_ANSWER after 15 s). Call right before the input.
 */
export const arm = (page: Page, answer: Answer): Promise<void> =>
  page.evaluate(
    ({ selector, index, until, busy, none, marks }) => {
      const read = () => {
        const element = document.querySelectorAll(selector)[index];
        return element ? (element.textContent ?? "") : null;
      };
      const before = read();
      let started: number | null = null;
      const start = (event: Event) => {
        if (!event.isTrusted || started !== null) return;
        started = event.timeStamp;
        performance.mark(marks.input);
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
          requestAnimationFrame(() =>
            setTimeout(() => {
              performance.mark(marks.painted);
              finish(Math.round(performance.now() - from));
            }),
          );
        });
        // The whole document: a floor page swaps its body whole when that is what changed.
        observer.observe(document.documentElement, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        setTimeout(() => finish(none), 15_000);
      });
    },
    {
      ...answer,
      index: answer.index ?? 0,
      busy: answer.busy ?? "",
      none: NO_ANSWER,
      marks: { input: INPUT_MARK, painted: PAINTED_MARK },
    },
  );

/** The armed measure's milliseconds, once the answer is painted. */
export const result = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __benchDone: Promise<number> }).__benchDone);

/** The CPU of one input (`input`) to `answer` painted, traced at full speed. */
const cpuOf = async (page: Page, answer: Answer, input: Input): Promise<Measure> => {
  let wall = NO_ANSWER;
  const events = await traced(page, async () => {
    await arm(page, answer);
    await perform(page, input);
    wall = await result(page);
  });
  if (wall === NO_ANSWER) return noAnswer;
  const { busyMs, work } = cpuBetweenMarks(events, INPUT_MARK, PAINTED_MARK);
  return { ms: busyMs, work };
};

/**
 * One measured interaction, the CPU at full speed: arms the measure, makes the input and returns the main thread's
 * CPU time in ms from the input to `answer` painted (NO_ANSWER when it did not come), by kind of work, and the
 * change it made (for its floor, withFloor).
 */
export const cpuOfInteraction = async (page: Page, answer: Answer, input: Input): Promise<Measure> => {
  // The page as the user sees it when they act: the element they click is there.
  if ("click" in input) await page.waitForSelector(input.click, { timeout: 60_000 });
  const url = page.url();
  const before = await pageHtml(page);
  const measure = await cpuOf(page, answer, input);
  if (measure.ms === NO_ANSWER) return measure;
  return { ...measure, change: { url, before, after: await pageHtml(page), answer, input } };
};

/**
 * `measure` with its floor: the same change with no app script (scripts/lib/bench-floor.ts), measured the same way
 * on `page` (which it leaves on the floor page).
 */
export const withFloor = async (page: Page, { change, ...measure }: Measure): Promise<Measure> => {
  if (!change) return measure;
  try {
    await servingOnce(page, change.url, withHeadOf(change.before, change.after), () =>
      page.goto(change.url, { waitUntil: "networkidle0", timeout: 120_000 }),
    );
    await swapOnInput(page, change.after);
    return { ...measure, floorMs: (await cpuOf(page, change.answer, change.input)).ms };
  } catch (error) {
    // A floor that could not be measured is printed as such; the figure itself stands.
    console.warn(`  no floor for an input on ${change.url}: ${error instanceof Error ? error.message : String(error)}`);
    return { ...measure, floorMs: NO_ANSWER };
  }
};
