/**
 * The birth-date rule, shared by the registration forms (src/forms/rules.ts) and the demo backend
 * (src/mock-server/fields.ts), so both refuse the same dates for the same reason (README, Assumptions): a real
 * calendar date written YYYY-MM-DD, not after today, of a holder aged 14 to 100 in full years.
 */
export const holderAge = { min: 14, max: 100 } as const;

export type BirthDateProblem = "format" | "impossible" | "future" | "tooYoung" | "tooOld";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD (2023-02-30 is not; 2024-02-29 is). */
export const isCalendarDate = (text: string): boolean => {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** Full years from `birth` to `today` (both YYYY-MM-DD): one born on 29 February turns a year older on 1 March. */
const fullYears = (birth: string, today: string): number =>
  Number(today.slice(0, 4)) - Number(birth.slice(0, 4)) - (today.slice(5) < birth.slice(5) ? 1 : 0);

/** What is wrong with a birth date given as text, on the day `today` (YYYY-MM-DD), or null. */
export const birthDateProblem = (text: string, today: string): BirthDateProblem | null => {
  if (!DATE.test(text)) return "format";
  if (!isCalendarDate(text)) return "impossible";
  // Same-format ISO strings compare like the dates they name.
  if (text > today) return "future";
  const age = fullYears(text, today);
  if (age < holderAge.min) return "tooYoung";
  if (age > holderAge.max) return "tooOld";
  return null;
};
