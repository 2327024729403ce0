/**
 * Dates as the demo server writes them. Cameroon keeps West Africa Time (UTC+01:00, no daylight saving), so
 * times are computed in that offset whatever the machine's zone: tests and exports give the same text everywhere.
 */
const OFFSET_MS = 60 * 60 * 1000;
const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/** The wall-clock parts of an instant in Cameroon. */
const wat = (ms: number) => {
  const d = new Date(ms + OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: d.getUTCSeconds(),
    millis: d.getUTCMilliseconds(),
  };
};

/** ISO 8601 with the +01:00 offset, as a Django backend set to Africa/Douala answers. */
export const isoWat = (ms: number): string => {
  const t = wat(ms);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hours)}:${pad(t.minutes)}:${pad(t.seconds)}.${pad(t.millis, 3)}+01:00`;
};

/** dd/mm/yyyy - HH:MM (docs/spec.md §9). */
export const displayWat = (iso: string): string => {
  const t = wat(Date.parse(iso));
  return `${pad(t.day)}/${pad(t.month)}/${t.year} - ${pad(t.hours)}:${pad(t.minutes)}`;
};

/** yyyy-mm-dd of an instant (file names). */
export const dayStamp = (ms: number): string => {
  const t = wat(ms);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
};

/** Academic year of an instant: years start in September, so 15/11/2026 is in "2026/2027". */
export const academicYear = (iso: string): string => {
  const t = wat(Date.parse(iso));
  const start = t.month >= 9 ? t.year : t.year - 1;
  return `${start}/${start + 1}`;
};

export const DAY_MS = 24 * 60 * 60 * 1000;
