import type { Page } from "@playwright/test";
import { kinds } from "../../../src/kinds";
import { demoJson } from "./demo-call";

/**
 * The digital card's browser tests (digital-card.spec.ts, the accessibility sweep) and its pictures in the docs
 * (scripts/docs-images.ts): its holders and a kept card.
 */
const student = kinds.student;

export interface Holder {
  readonly cardId: string;
  readonly cardCode: string;
  readonly code: string;
  readonly register: string;
  /** YYYY-MM-DD */
  readonly birth: string;
}

/** An active student card's holder, as the receipt and the request know them. */
export const holderOf = async (page: Page, index: number): Promise<Holder> => {
  const cards = await demoJson<{ results: { id: string; code: string; register: string; valid: boolean }[] }>(
    page,
    student.paths.cards,
  );
  const card = cards.results.filter((c) => c.valid)[index]!;
  const demands = await demoJson<{ results: { id: string; code: string }[] }>(
    page,
    `${student.paths.demands}?filter=all&search=${encodeURIComponent(card.register)}`,
  );
  const demand = await demoJson<{ code: string; birth_at: string }>(page, student.paths.demand(demands.results[0]!.id));
  return { cardId: card.id, cardCode: card.code, code: demand.code, register: card.register, birth: demand.birth_at };
};

/** The holder's digital card as the backend answers it (its signed QR's address in `qr`). */
export const digitalCardOf = (page: Page, holder: Holder) =>
  demoJson<{ qr: string | null; card?: { photo_str?: string | null } }>(page, student.paths.digitalCard, {
    method: "POST",
    body: { code: holder.code, register: holder.register, birth_at: holder.birth },
  });

/** A card its holder kept on this phone ("keep on this phone"): /digital-card opens showing it. */
export const keepDigitalCard = async (page: Page, index: number): Promise<Holder> => {
  const holder = await holderOf(page, index);
  const card = await digitalCardOf(page, holder);
  const lookup = { kind: "student", code: holder.code, register: holder.register, birth_at: holder.birth };
  await page.evaluate((kept) => localStorage.setItem("campus-card.digital-card", JSON.stringify(kept)), {
    lookup,
    card,
  });
  return holder;
};
