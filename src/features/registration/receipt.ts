import type { KindId } from "../../api/kind-ids";
import { isKindId } from "../../kinds/ids";
import { readTabItem, tabStorage } from "../../browser/tab-storage";

/**
 * What the result page shows about a request just sent. The address carries only the demand code
 * (`/registration/student/done?code=…`): the applicant's name stays out of URLs, history and server logs, in the
 * tab's storage, so a reload in the same tab shows it again and another device shows the code alone.
 */
export interface Receipt {
  readonly kind: KindId;
  readonly code: string;
  readonly name: string;
  /** When the request was sent (ms since the epoch). */
  readonly sentAt: number;
}

const keyOf = (code: string) => `campus-card.receipt.${code}`;

/** Keeps the receipt for this tab; a refusal only costs the name after a reload. */
export const storeReceipt = (receipt: Receipt): void => {
  try {
    tabStorage()?.setItem(keyOf(receipt.code), JSON.stringify(receipt));
  } catch {
    /* storage unusable: the page still shows the code from its address */
  }
};

/** The receipt this tab kept for `code` and `kind`, or null (another tab or device, or storage refused). */
export const readReceipt = (kind: KindId, code: string): Receipt | null => {
  const raw = readTabItem(keyOf(code));
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { kind: storedKind, code: storedCode, name, sentAt } = value as Record<string, unknown>;
    return typeof storedKind === "string" &&
      isKindId(storedKind) &&
      storedKind === kind &&
      storedCode === code &&
      typeof name === "string" &&
      typeof sentAt === "number"
      ? { kind: storedKind, code, name, sentAt }
      : null;
  } catch {
    return null;
  }
};

/** A demand code as the address may carry it: the server's codes are short, letters and digits. */
export const parseReceiptCode = (value: unknown): string | undefined =>
  typeof value === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : undefined;
