import { fromCallback } from "xstate";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import type { PrintBatchEvent } from "./print-batch-context";

/**
 * The print batch's requests, card by card: PDFs fetched and print notifications sent a bounded number at once,
 * each outcome reported to the machine (print-batch.ts).
 */

/** Requests at once, for PDFs and print notifications: enough to keep a backend busy, not to flood it. */
export const CONCURRENCY = 4;

/** Runs `work` over `items`, at most `limit` at once, until done or `stopped()`. */
export const runPool = async <T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean,
): Promise<void> => {
  const queue = items.values();
  const lane = async () => {
    for (let step = queue.next(); !step.done && !stopped(); step = queue.next()) await work(step.value);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};

type PerCard<T> = (kind: AnyKind, id: string) => Promise<T>;

interface EachCardInput {
  readonly kind: AnyKind;
  readonly ids: readonly string[];
  /** Cards whose earlier notification failed: their print count before it (notifyAll only). */
  readonly unsure?: Readonly<Record<string, number>>;
}

/**
 * A callback actor running `work` for each id (CONCURRENCY at once) and reporting each outcome, then `done`.
 * Stopping it (CANCEL, leaving the screen) reports nothing more and starts no new request.
 */
const eachCard = <T>(
  work: (kind: AnyKind, id: string, input: EachCardInput) => Promise<T>,
  ok: (id: string, value: T) => PrintBatchEvent,
  failed: (id: string, errorKey: string) => PrintBatchEvent,
  done: PrintBatchEvent,
) =>
  fromCallback<PrintBatchEvent, EachCardInput>(({ input, sendBack }) => {
    let stopped = false;
    void runPool(
      input.ids,
      CONCURRENCY,
      async (id) => {
        try {
          const value = await work(input.kind, id, input);
          if (!stopped) sendBack(ok(id, value));
        } catch (error) {
          if (!stopped) sendBack(failed(id, messageKeyOf(error)));
        }
      },
      () => stopped,
    ).then(() => {
      if (!stopped) sendBack(done);
    });
    return () => {
      stopped = true;
    };
  });

/** Downloads card PDFs with `fetch` (the API by default; tests give a fake backend). */
export const fetchPdfsWith = (fetch: PerCard<Uint8Array>) =>
  eachCard(
    fetch,
    (id, bytes) => ({ type: "PDF_FETCHED", id, bytes }),
    (id, errorKey) => ({ type: "PDF_FAILED", id, errorKey }),
    { type: "FETCH_DONE" },
  );

/**
 * Reports printed cards with `notify` (answers the new print count). A card whose earlier notification failed is
 * read first with `readPrintCount`: a count above the one it had before means that notification was counted, and
 * it is not sent again.
 */
export const notifyAllWith = (notify: PerCard<number>, readPrintCount: PerCard<number>) =>
  eachCard(
    async (kind, id, input) => {
      const before = input.unsure?.[id];
      if (before !== undefined) {
        const now = await readPrintCount(kind, id);
        if (now > before) return now;
      }
      return notify(kind, id);
    },
    (id, printCount) => ({ type: "NOTIFIED", id, printCount }),
    (id, errorKey) => ({ type: "NOTIFY_FAILED", id, errorKey }),
    { type: "NOTIFY_DONE" },
  );
