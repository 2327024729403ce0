/**
 * Characters no typed text holds, refused in every text field by the forms and the demo backend alike:
 * - control, zero-width and bidi-control characters (Unicode Cc and Cf, line and paragraph separators): invisible
 *   or reordering, they make a name look empty or turn a table cell around;
 * - lone surrogates (half of a character: "Ngo\uD800no"), Unicode non-characters (U+FFFE, U+FDD0…) and the
 *   replacement character U+FFFD (what a broken encoding became): they print as boxes on a card, and a CSV or
 *   a database in UTF-8 cannot even hold a lone surrogate.
 * Tabs and line breaks are ordinary text (allergies are written on several lines); a character outside the Basic
 * Multilingual Plane (an emoji: a pair of surrogates) is one ordinary character.
 */
export const UNTYPABLE_CHARS = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Cs}\p{Noncharacter_Code_Point}\u2028\u2029\uFFFD]/u;

export const hasUntypableChars = (text: string): boolean => UNTYPABLE_CHARS.test(text);

/**
 * The one rule of every free-text field (comments, notes, a payment reference, names): no character a person
 * cannot type (above), and a length limit. The forms and the demo backend both apply it.
 */
export const freeTextProblem = (text: string, max: number): "invisibleChars" | "tooLong" | null =>
  hasUntypableChars(text) ? "invisibleChars" : text.length > max ? "tooLong" : null;

/** Length limits of the free-text fields beyond the demand's own (docs/extensions.md). */
export const FREE_TEXT_MAX = {
  /** A suspension's or a reactivation's note, a replacement's note. */
  note: 500,
  /** A replacement fee's payment reference (a receipt or transaction number). */
  paymentReference: 100,
  /** An agent's first or last name, as Django's `User` holds it. */
  name: 150,
} as const;
