import type { KindId } from "./kind-ids";
import { isCardState, type CardState } from "./card-states";

/**
 * How long a card is valid (the `lifecycle` extension, docs/extensions.md), read from config.json's `cardValidity`
 * here and nowhere else (docs/deploying.md). A backend answer's `valid_until` always wins: these rules only date a
 * card whose answer leaves it out. Students: the end of the academic year (`duration_year_str` "2026/2027" ends on
 * `academicYearEnd` of 2027). Staff and teachers: a number of years from issue, the day before the anniversary.
 */
export interface ValidityRules {
  /** Month and day the academic year ends, "MM-DD" (default "09-30", 30 September). */
  readonly academicYearEnd: string;
  readonly staffYears: number;
  readonly teacherYears: number;
}

export const DEFAULT_VALIDITY_RULES: ValidityRules = { academicYearEnd: "09-30", staffYears: 5, teacherYears: 5 };

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** config.json's `cardValidity`, each key optional; a wrong value is an unusable config (thrown as text). */
export const parseValidityRules = (value: unknown): ValidityRules => {
  if (value === undefined) return DEFAULT_VALIDITY_RULES;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("config.json: cardValidity must be an object");
  const field = (name: string): unknown => (name in value ? Reflect.get(value, name) : undefined);
  const academicYearEnd = field("academicYearEnd");
  const staffYears = field("staffYears");
  const teacherYears = field("teacherYears");
  const years = (name: string, v: unknown, fallback: number): number => {
    if (v === undefined) return fallback;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > 20)
      throw new Error(`config.json: cardValidity.${name} must be a whole number of years from 1 to 20`);
    return v;
  };
  if (academicYearEnd !== undefined && (typeof academicYearEnd !== "string" || !MONTH_DAY.test(academicYearEnd)))
    throw new Error('config.json: cardValidity.academicYearEnd must be "MM-DD", e.g. "09-30"');
  return {
    academicYearEnd: typeof academicYearEnd === "string" ? academicYearEnd : DEFAULT_VALIDITY_RULES.academicYearEnd,
    staffYears: years("staffYears", staffYears, DEFAULT_VALIDITY_RULES.staffYears),
    teacherYears: years("teacherYears", teacherYears, DEFAULT_VALIDITY_RULES.teacherYears),
  };
};

const pad = (n: number) => String(n).padStart(2, "0");

/** Cameroon keeps West Africa Time all year (UTC+01:00, no daylight saving): Africa/Douala's days. */
export const DOUALA_OFFSET_MS = 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) of an instant in Douala. */
export const doualaDay = (ms: number): string => new Date(ms + DOUALA_OFFSET_MS).toISOString().slice(0, 10);

/** The day before the same day `years` later ("2026-03-01" + 5 → "2031-02-28"). */
const yearsLater = (day: string, years: number): string => {
  const [y, m, d] = day.split("-").map(Number);
  const end = new Date(Date.UTC((y ?? 0) + years, (m ?? 1) - 1, d ?? 1) - 86_400_000);
  return `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`;
};

/** The academic year "2026/2027" a day falls in, when the year ends on `academicYearEnd`. */
const academicYearOf = (day: string, rules: ValidityRules): number => {
  const [y] = day.split("-").map(Number);
  return day.slice(5) > rules.academicYearEnd ? (y ?? 0) + 1 : (y ?? 0);
};

/** The academic year a day falls in, as `duration_year_str` writes it: "2025/2026" for 2026-09-30. */
export const academicYearLabel = (day: string, rules: ValidityRules = DEFAULT_VALIDITY_RULES): string => {
  const end = academicYearOf(day, rules);
  return `${end - 1}/${end}`;
};

/**
 * The last day of the academic year a day falls in ("2027-09-30" for 2026-11-27): a card whose validity ends by then
 * may be renewed ahead (extension `lifecycle`, docs/extensions.md `renew/`).
 */
export const academicYearEndDay = (day: string, rules: ValidityRules = DEFAULT_VALIDITY_RULES): string =>
  `${academicYearOf(day, rules)}-${rules.academicYearEnd}`;

export interface DatedCard {
  readonly valid_until?: string | null;
  readonly duration_year_str?: string;
  readonly insert_at?: string;
  readonly update_at: string;
}

/** The last valid day of a card, YYYY-MM-DD; null when nothing dates it. */
export const validUntilOf = (kind: KindId, card: DatedCard, rules: ValidityRules = DEFAULT_VALIDITY_RULES) => {
  if (card.valid_until && /^\d{4}-\d{2}-\d{2}$/.test(card.valid_until)) return card.valid_until;
  if (kind === "student") {
    const end = /\d{4}\s*[/-]\s*(\d{4})/.exec(card.duration_year_str ?? "")?.[1];
    const ms = Date.parse(card.update_at);
    const endYear = end ? Number(end) : Number.isNaN(ms) ? null : academicYearOf(doualaDay(ms), rules);
    return endYear === null ? null : `${endYear}-${rules.academicYearEnd}`;
  }
  const issued = Date.parse(card.insert_at ?? card.update_at);
  if (Number.isNaN(issued)) return null;
  return yearsLater(doualaDay(issued), kind === "staff" ? rules.staffYears : rules.teacherYears);
};

export interface StatedCard extends DatedCard {
  readonly valid: boolean;
  readonly state?: string | null;
}

/**
 * The state a card is in on `today` (YYYY-MM-DD): suspended and replaced as the server says; expired once its last
 * valid day is past (a suspended or replaced card keeps its own, weightier state); else active. A card the server
 * marks inactive without a lifecycle state stays what docs/spec.md calls it: inactive (null).
 */
export const cardStateOn = (
  kind: KindId,
  card: StatedCard,
  today: string,
  rules: ValidityRules = DEFAULT_VALIDITY_RULES,
): CardState | null => {
  const said = isCardState(card.state) ? card.state : null;
  if (said === "suspended" || said === "replaced") return said;
  if (said === "expired") return "expired";
  const until = validUntilOf(kind, card, rules);
  if (until !== null && until < today) return "expired";
  if (said === "active") return "active";
  return card.valid ? "active" : null;
};

/** Whole days from `today` to the last valid day (0 on the day itself). */
export const daysLeft = (validUntil: string, today: string): number =>
  Math.round((Date.parse(`${validUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** The "valid until" note shows when the end is this close. */
export const EXPIRY_SOON_DAYS = 30;
