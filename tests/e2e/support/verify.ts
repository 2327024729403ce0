import type { Page } from "@playwright/test";
import { kinds } from "../../../src/kinds";
import { decodeQr, rasterizePage } from "../../../src/mock-server/card-pdf/test-helpers";

/**
 * The guards' checker's browser tests (verify.spec.ts, verify-screen.spec.ts): calls to the demo backend that answers
 * in the page (demo mode), as the admin, and a card's signed QR address read back from its PDF.
 */

/** A back office's call to the page's demo backend; the answer's bytes in base64. */
export const demoCall = (page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(
    async ({ path, init }) => {
      const token = await fetch("/api/token/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "Admin@2026" }),
      }).then((r) => r.json() as Promise<{ access: string }>);
      const answer = await fetch(path, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${token.access}`, "content-type": "application/json" },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const bytes = new Uint8Array(await answer.arrayBuffer());
      let binary = "";
      bytes.forEach((b) => (binary += String.fromCharCode(b)));
      return btoa(binary);
    },
    { path, init },
  );

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
