/** Calendar dates ('YYYY-MM-DD') of fitments and activations, in India time (spec 02 §9: Asia/Kolkata, no DST). */

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Today's date in Asia/Kolkata at `now`. */
export function istToday(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `date` + `days` calendar days ('2026-01-31' + 1 → '2026-02-01'). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
