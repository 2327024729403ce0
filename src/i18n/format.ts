const pad = (n: number) => String(n).padStart(2, "0");

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** docs/spec.md §9: dates shown as day/month/year - hours:minutes (local time). Empty string when invalid. */
export const formatDateTime = (value: string | number | Date | null | undefined): string => {
  const date = toDate(value);
  if (!date) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} - ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** day/month/year only. A bare "YYYY-MM-DD" is read as a calendar date, not shifted by the time zone. */
export const formatDate = (value: string | number | Date | null | undefined): string => {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-");
    return `${d}/${m}/${y}`;
  }
  const date = toDate(value);
  if (!date) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
};

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The number format of a language, made once: building an Intl.NumberFormat costs a millisecond or more on a
 * phone, and a list's footer renders on every page change.
 */
export const numberFormat = (language: string): Intl.NumberFormat => {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format;
};
