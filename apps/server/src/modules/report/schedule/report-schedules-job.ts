/**
 * Worker job `report-schedules` (every minute): runs the schedules that are due. Each due occurrence is claimed by
 * moving next_run_at on with a compare-and-set (UPDATE … WHERE next_run_at = <seen>), so with several workers every
 * occurrence runs exactly once; a schedule missed while no worker ran is run once, for its latest due time.
 */
import type { Job } from '../../../worker/runner.ts';
import { nextRunAt } from './calendar.ts';
import { runSchedule, type ScheduleRunDeps } from './schedule-run.ts';
import * as repo from './schedule.repository.ts';

const MINUTE = 60_000;
/** Schedules run per tick at most (the rest wait for the next minute). */
const BATCH = 20;

/** Claims and runs the due schedules once; returns what happened per schedule. */
export async function runDueSchedules(deps: ScheduleRunDeps) {
  const now = deps.clock();
  const due = await repo.listDueSchedules(deps.db, now, BATCH);
  const outcomes: Array<{ id: bigint; status: 'ok' | 'failed' | 'skipped' }> = [];
  for (const schedule of due) {
    const calendar = {
      frequency: schedule.frequency as 'daily' | 'weekly' | 'monthly',
      timeOfDay: schedule.timeOfDay,
      dayOfWeek: schedule.dayOfWeek,
      dayOfMonth: schedule.dayOfMonth,
      timeZone: schedule.timeZone,
    };
    // The occurrence to run: the latest one due (a worker down for days does not mail every missed day).
    let scheduledAt = schedule.nextRunAt;
    for (let next = nextRunAt(calendar, scheduledAt); next <= now; next = nextRunAt(calendar, next)) {
      scheduledAt = next;
    }
    const claimed = await repo.claimScheduleRun(
      deps.db,
      schedule.id,
      schedule.nextRunAt,
      nextRunAt(calendar, now),
    );
    if (!claimed) {
      outcomes.push({ id: schedule.id, status: 'skipped' });
      continue;
    }
    const result = await runSchedule(deps, schedule, scheduledAt);
    outcomes.push({ id: schedule.id, status: result.status });
  }
  return outcomes;
}

export function reportSchedulesJob(deps: ScheduleRunDeps): Job {
  return {
    name: 'report-schedules',
    intervalMs: MINUTE,
    async run() {
      const outcomes = await runDueSchedules(deps);
      const failed = outcomes.filter((o) => o.status === 'failed').length;
      const ran = outcomes.filter((o) => o.status !== 'skipped').length;
      return `ran ${ran} schedules, ${failed} failed`;
    },
  };
}
