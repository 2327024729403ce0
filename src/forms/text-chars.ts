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
