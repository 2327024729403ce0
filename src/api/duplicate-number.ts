/**
 * The one rule for a replacement's number (docs/assumptions.md): a holder's first card has sequence 1 and is no
 * duplicate; the card of sequence n replaces n − 1 cards and is "DUPLICATA N°n − 1". The first replacement is
 * DUPLICATA N°1, on the card, its detail page and wherever else it is named.
 */
export const duplicateNumber = (sequence: number | null | undefined): number | null =>
  typeof sequence === "number" && Number.isSafeInteger(sequence) && sequence > 1 ? sequence - 1 : null;
