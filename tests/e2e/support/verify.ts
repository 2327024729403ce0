import type { Page } from "@playwright/test";
import { kinds } from "../../../src/kinds";
import { decodeQr, rasterizePage } from "../../../src/mock-server/card-pdf/test-helpers";
import { demoCall } from "./demo-call";

/**
 * The guards' checker's browser tests (verify.spec.ts, verify-screen.spec.ts): the demo's cards, and a card's signed
 * QR address read back from its PDF.
 */

export interface DemoCard {
  readonly id: string;
  readonly code: string;
  readonly valid: boolean;
  readonly firstname?: string;
  readonly lastname?: string;
}

/** The demo's student cards, as the back office lists them. */
export const studentCards = async (page: Page): Promise<DemoCard[]> =>
  (
    JSON.parse(Buffer.from(await demoCall(page, kinds.student.paths.cards), "base64").toString("utf8")) as {
      results: DemoCard[];
    }
  ).results;

/** The signed check address in a card's printed QR code, read back from its PDF. */
export const signedUrlOf = async (page: Page, cardId: string): Promise<string | null> => {
  const pdf = Buffer.from(await demoCall(page, kinds.student.paths.cardPdf(cardId)), "base64");
  // Two resolutions: jsQR misses a dense code now and then at one of them.
  return [200, 300]
    .flatMap((dpi) => [1, 2].map((p) => () => decodeQr(rasterizePage(pdf, p, dpi))))
    .reduce<string | null>((found, read) => found ?? read(), null);
};

/** Whether the backend's public check of the card a signed address names answers a photo. */
export const hasPhoto = async (page: Page, signedUrl: string): Promise<boolean> => {
  // The address's last path segment is the token as the QR carries it: URL-encoded, as the check's body wants it.
  const tokenCard = new URL(signedUrl).pathname.split("/").pop() ?? "";
  const answer = await demoCall(page, kinds.student.paths.checkCard, { method: "POST", body: { tokenCard } });
  return Boolean(
    (JSON.parse(Buffer.from(answer, "base64").toString("utf8")) as { photo_str?: string | null }).photo_str,
  );
};
