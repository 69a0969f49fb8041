const DAY_MS = 24 * 3600 * 1000;

/** 'yyyy-mm-dd' of the UTC day `at` falls in. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Midnight UTC at the start of `day` ('yyyy-mm-dd'). */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** Midnight UTC at the end of `day`: the start of the next. */
export const dayEnd = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS);

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number): string => utcDay(new Date(dayStart(day).getTime() + days * DAY_MS));

/** The `count` UTC days that end with the day of `now`, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = utcDay(now);
  return Array.from({ length: count }, (_, index) => addDays(today, index - count + 1));
}
