/** The shift of the current India time, as the server cuts them: morning 05–13, afternoon 13–21, night otherwise. */
import type { Shift } from '@civicfleet/shared';
import { APP_TIME_ZONE, dayjs } from '@/lib/format';

export function shiftOfNow(now: Date = new Date()): Shift {
  const hour = dayjs(now).tz(APP_TIME_ZONE).hour();
  if (hour >= 5 && hour < 13) return 'morning';
  if (hour >= 13 && hour < 21) return 'afternoon';
  return 'night';
}
