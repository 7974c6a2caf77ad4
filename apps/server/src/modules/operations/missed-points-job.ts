/**
 * Worker job (every 5 minutes): before a shift ends, warn about the collection points not visited yet. For each job
 * run still running (status 'started', as the job-run evaluation last saw it) whose window ends within the
 * organisation's `missedPointsAlertLeadS`, with at least one checkpoint not visited, ONE event of type 'missedPoints'
 * on the vehicle's current device (its open vehicle_device_links row), at the device's last position, with
 * attrs { jobId, day, missed, points: [names] }. Never twice for a run: the insert only happens when no such event
 * of the run exists (one statement). The event is closed at once (ended_at = started_at): it is a notice, and the
 * open-alarm unique index (device, type) must not block the next run's notice. Published on the live bus like the
 * gateway's alerts, so it shows in the alert stream; the alert report reads it from `events`; queued for the
 * organisation's webhook targets in the insert's transaction (forwarding/enqueue.ts), like the gateway's alerts.
 */
import type { LiveDelta } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import { rows, type Db } from '../../db/client.ts';
import type { JobRunCheckpointValue } from '../../db/schema/index.ts';
import { inheritDeriveSettings } from '../../gateway/ingest/derive-context-db.ts';
import type { Clock } from '../../http/types.ts';
import type { Job } from '../../worker/runner.ts';
import { alertPayloadOf, drizzleExecutor, enqueueAlerts } from '../forwarding/enqueue.ts';
import { findDeriveSettingsChain } from '../organisation/organisation.repository.ts';

export const MISSED_POINTS_JOB = 'missed-points-alert';
export const MISSED_POINTS_EVENT = 'missedPoints';
/** The longest lead the settings accept (derive-settings contract): runs ending later are not looked at. */
const MAX_LEAD_S = 14_400;

interface RunningRow {
  job_id: string;
  day: string;
  organisation_id: string;
  vehicle_id: string;
  window_end: Date | string;
  checkpoints: JobRunCheckpointValue[] | string;
}

interface InsertedRow {
  id: string;
  device_id: string;
  lat: number | null;
  lon: number | null;
  imei: string;
}

/** Raises the notices due at `now`; returns how many were raised. */
export async function raiseMissedPointsAlerts(db: Db, now: Date, bus?: Bus): Promise<number> {
  const running = await rows<RunningRow>(
    db,
    sql`select r.job_id::text as job_id, r.day::text as day, r.organisation_id::text as organisation_id,
               r.vehicle_id::text as vehicle_id, r.window_end, r.checkpoints
          from job_runs r join jobs j on j.id = r.job_id and not j.deleted
         where r.status = 'started' and r.window_end > ${now}
           and r.window_end <= ${new Date(now.getTime() + MAX_LEAD_S * 1000)}`,
  );
  const leadByOrg = new Map<string, number>();
  let raised = 0;
  for (const run of running) {
    let leadS = leadByOrg.get(run.organisation_id);
    if (leadS === undefined) {
      const chain = await findDeriveSettingsChain(db, BigInt(run.organisation_id));
      leadS = inheritDeriveSettings(chain).missedPointsAlertLeadS;
      leadByOrg.set(run.organisation_id, leadS);
    }
    if (new Date(run.window_end).getTime() - now.getTime() > leadS * 1000) continue;
    const checkpoints: JobRunCheckpointValue[] =
      typeof run.checkpoints === 'string' ? JSON.parse(run.checkpoints) : run.checkpoints;
    const missed = checkpoints.filter((c) => c.reachedAt === null).map((c) => c.name);
    if (missed.length === 0) continue;
    const attrs = { jobId: run.job_id, day: run.day, missed: missed.length, points: missed };
    // The notice and its forwarding rows (outbox, like the gateway's alerts) in one transaction.
    const inserted = await db.transaction(async (tx) => {
      const [row] = await rows<InsertedRow>(
        tx,
        sql`insert into events (device_id, vehicle_id, organisation_id, type, started_at, ended_at, last_at, lat, lon,
                              attrs)
          select l.device_id, ${BigInt(run.vehicle_id)}, ${BigInt(run.organisation_id)}, ${MISSED_POINTS_EVENT},
                 ${now}, ${now}, ${now}, dl.lat, dl.lon, ${JSON.stringify(attrs)}::jsonb
            from vehicle_device_links l
            left join device_latest dl on dl.device_id = l.device_id
           where l.vehicle_id = ${BigInt(run.vehicle_id)} and l.unlinked_at is null
             and not exists (select 1 from events e
                              where e.vehicle_id = ${BigInt(run.vehicle_id)} and e.type = ${MISSED_POINTS_EVENT}
                                and e.attrs->>'jobId' = ${run.job_id} and e.attrs->>'day' = ${run.day})
          limit 1
          returning id::text as id, device_id::text as device_id, lat, lon,
                    (select imei from devices d where d.id = device_id) as imei`,
      );
      if (row)
        await enqueueAlerts(drizzleExecutor(tx), BigInt(run.organisation_id), [
          alertPayloadOf(
            {
              ...row,
              deviceId: row.device_id,
              type: MISSED_POINTS_EVENT,
              vehicleId: run.vehicle_id,
              startedAt: now,
              late: false,
            },
            row.imei,
          ),
        ]);
      return row;
    });
    if (!inserted) continue;
    raised += 1;
    bus?.publish<LiveDelta>(TOPICS.live, {
      positions: [],
      alerts: [
        {
          id: inserted.id,
          deviceId: inserted.device_id,
          vehicleId: run.vehicle_id,
          organisationId: run.organisation_id,
          type: MISSED_POINTS_EVENT,
          at: now.toISOString(),
          lat: inserted.lat,
          lon: inserted.lon,
          late: false,
        },
      ],
    });
  }
  return raised;
}

export function missedPointsJob(db: Db, clock: Clock, bus?: Bus): Job {
  return {
    name: MISSED_POINTS_JOB,
    intervalMs: 5 * 60_000,
    async run() {
      return `raised ${await raiseMissedPointsAlerts(db, clock(), bus)} missed-points alerts`;
    },
  };
}
