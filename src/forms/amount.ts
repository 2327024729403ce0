/**
 * Amounts in FCFA as the card office writes them: "5 000", "5000", "5 000 FCFA", "5.000 F", with ordinary,
 * no-break or narrow no-break spaces between the thousands. The franc CFA has no cents, so an amount is whole.
 */

// Every space a keyboard, a copy from a spreadsheet or French number formatting may put between thousands.
const SPACES = /[\s\u00a0\u202f\u2007\u2009]/gu;
const CURRENCY = /(?:fcfa|f\.?cfa|xaf|cfa|f)$/u;
const GROUPED = /^\d{1,3}(?:[.,]\d{3})+$/u;

/** The whole, non-negative amount written, or null when the text is not one (empty, decimals, letters, sign). */
export const parseAmount = (text: string): number | null => {
  const compact = text.replace(SPACES, "").toLowerCase().replace(CURRENCY, "");
  if (compact === "") return null;
  // "5.000" and "5,000" group thousands here: a fee in FCFA is never 5 francs and a fraction.
  const digits = GROUPED.test(compact) ? compact.replace(/[.,]/gu, "") : compact;
  if (!/^\d+$/u.test(digits)) return null;
  const amount = Number(digits);
  return Number.isSafeInteger(amount) ? amount : null;
};
