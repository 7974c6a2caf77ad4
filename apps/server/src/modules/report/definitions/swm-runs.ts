/**
 * Reads shared by the SWM reports, one grouped query per chunk of vehicles: the job runs of the range (job_runs, as
 * the worker evaluated them: checkpoints with visit times, corridor exits) and the disposal trips per vehicle and
 * local day (modules/operations/disposal-trips.ts).
 */
import { vehicleIdList } from '../engine/sql-lists.ts';
import type { JobRunStatusValue } from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/client.ts';
import type { JobRunCheckpointValue, JobRunCorridorExitValue } from '../../../db/schema/index.ts';
import type { ReportScope, ReportVehicle } from '../engine/types.ts';
import { disposalCountsByDay } from './disposal-counts.ts';

export interface ReportJobRun {
  jobId: string;
  jobName: string;
  day: string;
  vehicleId: string;
  routeId: string | null;
  routeName: string | null;
  windowStart: Date;
  windowEnd: Date;
  status: JobRunStatusValue;
  score: number | null;
  gpsTrips: number;
  checkpoints: JobRunCheckpointValue[];
  corridorExits: JobRunCorridorExitValue[];
}

interface RunRow {
  job_id: string;
  job_name: string;
  day: string;
  vehicle_id: string;
  route_id: string | null;
  route_name: string | null;
  window_start: Date | string;
  window_end: Date | string;
  status: JobRunStatusValue;
  score: number | string | null;
  gps_trips: number | string;
  checkpoints: JobRunCheckpointValue[] | string | null;
  corridor_exits: JobRunCorridorExitValue[] | string | null;
}

const json = <T>(value: T[] | string | null): T[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

/** Job runs of the vehicles on the scope's days (runs of deleted jobs left out), by window start. */
export async function readJobRuns(
  db: Db,
  scope: ReportScope,
  vehicles: readonly ReportVehicle[],
): Promise<ReportJobRun[]> {
  if (vehicles.length === 0) return [];
  const found = await rows<RunRow>(
    db,
    sql`select r.job_id::text as job_id, j.name as job_name, r.day::text as day, r.vehicle_id::text as vehicle_id,
               r.route_id::text as route_id, rt.name as route_name, r.window_start, r.window_end, r.status, r.score,
               r.gps_trips, r.checkpoints, r.corridor_exits
          from job_runs r
          join jobs j on j.id = r.job_id and not j.deleted
          left join routes rt on rt.id = r.route_id
         where r.vehicle_id in (${vehicleIdList(vehicles)}) and r.day >= ${scope.fromDay} and r.day <= ${scope.toDay}
         order by r.window_start, r.job_id`,
  );
  return found.map((r) => ({
    jobId: r.job_id,
    jobName: r.job_name,
    day: r.day,
    vehicleId: r.vehicle_id,
    routeId: r.route_id,
    routeName: r.route_name,
    windowStart: new Date(r.window_start),
    windowEnd: new Date(r.window_end),
    status: r.status,
    score: r.score === null ? null : Number(r.score),
    gpsTrips: Number(r.gps_trips),
    checkpoints: json(r.checkpoints),
    corridorExits: json(r.corridor_exits),
  }));
}

/** Disposal trips entered on each local day of the scope, keyed `${vehicleId}|${day}`. */
export async function disposalTripCounts(
  db: Db,
  scope: ReportScope,
  vehicles: readonly ReportVehicle[],
): Promise<Map<string, number>> {
  const counts = await disposalCountsByDay(db, scope, vehicles);
  return new Map([...counts].map(([key, c]) => [key, c.dumpYard + c.transferStation]));
}

/** "22.718600, 75.855100": a place as the rows carry it. */
export const placeOf = (lat: number | null | undefined, lon: number | null | undefined): string | null =>
  typeof lat === 'number' && typeof lon === 'number' ? `${lat.toFixed(6)}, ${lon.toFixed(6)}` : null;

/** A run is over (its misses are final) once finished or missed. */
export const isRunOver = (run: Pick<ReportJobRun, 'status'>) =>
  run.status === 'finished' || run.status === 'missed';

/** 0–100 with the share visited; null without anything planned. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? (part / whole) * 100 : null;

/** Job run statuses as the rows print them. */
export const RUN_STATUS_LABELS: Record<JobRunStatusValue, string> = {
  scheduled: 'Scheduled',
  started: 'Started',
  finished: 'Finished',
  missed: 'Missed',
};
