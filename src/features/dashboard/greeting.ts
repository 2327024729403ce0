/** Part of the day for the dashboard greeting, in the user's local time. */
export type DayPart = "morning" | "afternoon" | "evening";

/** 05:00–11:59 morning, 12:00–17:59 afternoon, otherwise evening. */
export const dayPart = (date: Date): DayPart => {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 18) return "afternoon";
  return "evening";
};

/** i18n key of the greeting (dashboard namespace, takes {{name}}). */
export const greetingKey = (date: Date): string => `dashboard:greeting.${dayPart(date)}`;
