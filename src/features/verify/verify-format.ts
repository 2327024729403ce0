const pad = (n: number) => String(n).padStart(2, "0");

/** A list's date as a guard reads it at a glance: "26/11 08:00" (local time), the year only when not this one. */
export const listDate = (seconds: number, now: Date = new Date()): string => {
  const date = new Date(seconds * 1000);
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}`;
  const year = date.getFullYear() === now.getFullYear() ? "" : `/${date.getFullYear()}`;
  return `${day}${year} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** The time a verdict was confirmed online: "14:02" (local time). */
export const timeOf = (ms: number): string => {
  const date = new Date(ms);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
