import { fieldProblems, listCards, type Validated } from "../api";
import { messageKeyOf } from "../api/messages";
import type { AnyKind } from "../kinds";
import type { AnyCard } from "./card-lifecycle";
import type { AnyDemand } from "./demand-validation-context";

/** What a validation's outcome leaves in the machine's context: its answer and the card it named, or its error. */
export const succeeded = (result: Validated | null) => ({
  result,
  cardId: result?.card ?? null,
  error: null,
  errorKey: null,
});
export const failedWith = (error: unknown) => ({
  error,
  errorKey: messageKeyOf(error),
  serverFieldErrors: fieldProblems(error),
});

/** Who validated the demand, as the server names them (first name, else username), or null. */
export const validatorName = (demand: AnyDemand | null): string | null => {
  const validator = demand?.validator;
  return validator ? validator.first_name.trim() || validator.username : null;
};

/** What finding a validation's new card needs: the card the answer named (if any), else the demand's register. */
export interface CardLookup {
  readonly kind: AnyKind;
  readonly cardId: string | null;
  readonly register: string | null;
}

const newest = (cards: readonly AnyCard[]): AnyCard | null =>
  cards.reduce<AnyCard | null>(
    (found, card) => (found === null || card.update_at > found.update_at ? card : found),
    null,
  );

/**
 * The card a validation made, to link to it ("open the card"). docs/spec.md §7 does not show the validation's answer:
 * when it names no card, the card list is searched by the demand's registration number (its `search`, docs/spec.md
 * §7) and the card of exactly that number last updated is taken (the one just made; an earlier card of the same
 * holder was updated before). Null when none is found or the list cannot be read: the validation stands, without a
 * link.
 */
export const newCardOf = async ({ kind, cardId, register }: CardLookup): Promise<string | null> => {
  if (cardId !== null) return cardId;
  const wanted = register?.trim() ?? "";
  if (wanted === "") return null;
  try {
    const page = await listCards(kind, { search: wanted });
    return newest(page.results.filter((card) => card.register.trim() === wanted))?.id ?? null;
  } catch {
    return null;
  }
};
