/**
 * Worker job: evaluates today's and yesterday's runs of every live job against GPS (job-run-evaluate.ts) and upserts
 * `job_runs`. A run is re-evaluated until its window ended more than an hour ago (late packets still count), then
 * frozen. Positions are read per vehicle the way playback does (playback.repository.ts `readPoints`: every device
 * linked to the vehicle during the window, valid fixes only). Checkpoints are met by collection-point visits (the
 * organisation's collectionMinStopS, POI radius_m, RFID/QR reads of the POI's items) and corridor exits are recorded
 * (docs/reports.md "## Definitions: collection visit, duty"). Registered in worker/jobs.ts as
 * `jobRunJob(deps.db, deps.clock)`.
 */
import type { LonLat } from '../../derive/geo.ts';
import { localDayOf } from '../../derive/local-day.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../http/types.ts';
import type { Job } from '../../worker/runner.ts';
import { runsOn, windowOn, type JobSchedule } from '../job/schedule.ts';
import { readPoints } from '../playback/playback.repository.ts';
import { disposalTrips, OPERATIONS_TIME_ZONE } from './disposal-trips.ts';
import { evaluateJobRun, type JobRunFix, type JobRunRoute } from './job-run-evaluate.ts';
import * as repo from './job-run.repository.ts';
import { inheritDeriveSettings } from '../../gateway/ingest/derive-context-db.ts';
import { findDeriveSettingsChain } from '../organisation/organisation.repository.ts';
import type { OrgIds } from '../organisation/scope.ts';

export const JOB_RUN_JOB = 'evaluate-job-runs';
/** A run keeps being re-evaluated until its window ended this long ago. */
export const JOB_RUN_SETTLE_MS = 3600_000;
const DAY_MS = 86_400_000;

/** The route as the evaluator needs it; a path that is not a LineString of [lon, lat] numbers counts as none. */
export function toJobRunRoute(route: repo.JobAround['route']): JobRunRoute | null {
  if (!route) return null;
  const coordinates = (route.path as { coordinates?: unknown }).coordinates;
  const path: LonLat[] = Array.isArray(coordinates)
    ? coordinates.flatMap((c): LonLat[] =>
        Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number' ? [[c[0], c[1]]] : [],
      )
    : [];
  return {
    path,
    corridorM: route.corridorM,
    checkpoints: route.checkpoints.map((c) => ({
      name: c.name,
      lat: c.lat,
      lon: c.lon,
      poiId: c.poiId ?? null,
    })),
  };
}

const toSchedule = (job: repo.JobAround['job']): JobSchedule => ({
  scheduleType: job.scheduleType as JobSchedule['scheduleType'],
  recurrence: job.recurrence as JobSchedule['recurrence'],
  daysOfWeek: job.daysOfWeek,
  startDate: job.startDate,
  endDate: job.endDate,
  startTime: job.startTime,
  endTime: job.endTime,
});

/** Evaluates the runs of `days` (default: yesterday and today, local) and upserts them; returns how many. */
export async function evaluateJobRuns(
  db: Db,
  now: Date,
  options: { days?: string[]; orgIds?: OrgIds } = {},
): Promise<{ evaluated: number; frozen: number }> {
  const nowMs = now.getTime();
  const days = options.days ?? [
    localDayOf(nowMs - DAY_MS, OPERATIONS_TIME_ZONE),
    localDayOf(nowMs, OPERATIONS_TIME_ZONE),
  ];
  const sorted = [...days].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return { evaluated: 0, frozen: 0 };
  const jobs = await repo.jobsAround(db, { orgIds: options.orgIds ?? 'all' }, first, last);
  const stored = await repo.storedRuns(
    db,
    jobs.map((j) => j.job.id),
    days,
  );
  const frozenKeys = new Set(
    stored
      .filter((s) => s.evaluatedAt && s.evaluatedAt.getTime() >= s.windowEnd.getTime() + JOB_RUN_SETTLE_MS)
      .map((s) => `${s.jobId}|${s.day}`),
  );
  let evaluated = 0;
  let frozen = 0;
  const minStopByOrg = new Map<bigint, number>();
  const minStopOf = async (organisationId: bigint) => {
    let minStopS = minStopByOrg.get(organisationId);
    if (minStopS === undefined) {
      minStopS = inheritDeriveSettings(await findDeriveSettingsChain(db, organisationId)).collectionMinStopS;
      minStopByOrg.set(organisationId, minStopS);
    }
    return minStopS;
  };
  for (const row of jobs) {
    const schedule = toSchedule(row.job);
    for (const day of days) {
      if (!runsOn(schedule, day)) continue;
      if (frozenKeys.has(`${row.job.id}|${day}`)) {
        frozen += 1;
        continue;
      }
      await evaluateOne(db, row, day, nowMs, await minStopOf(row.job.organisationId));
      evaluated += 1;
    }
  }
  return { evaluated, frozen };
}

async function evaluateOne(
  db: Db,
  row: repo.JobAround,
  day: string,
  nowMs: number,
  minStopS: number,
): Promise<void> {
  const window = windowOn(row.job, day);
  const startMs = window.start.getTime();
  const endMs = window.end.getTime();
  let route = toJobRunRoute(row.route);
  let fixes: JobRunFix[] = [];
  let entries: number[] = [];
  if (nowMs >= startMs) {
    const to = new Date(Math.min(endMs, nowMs));
    const points = await readPoints(db, { vehicleId: row.job.vehicleId, from: window.start, to });
    fixes = points.t.map((t, i) => ({
      t,
      lat: points.lat[i] ?? 0,
      lon: points.lon[i] ?? 0,
      speedKph: points.speedKph[i] ?? null,
    }));
    const trips = await disposalTrips(db, {
      organisationIds: 'all',
      from: window.start,
      to: window.end,
      vehicleIds: [row.job.vehicleId],
    });
    entries = trips.map((t) => Date.parse(t.enteredAt));
    if (route) route = await withCollectionPoints(db, route, row.job.vehicleId, window.start, to);
  }
  const result = evaluateJobRun({
    windowStartMs: startMs,
    windowEndMs: endMs,
    nowMs,
    route,
    fixes,
    disposalEntriesMs: entries,
    visitRule: { minStopS },
  });
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms));
  await repo.upsertJobRun(db, {
    jobId: row.job.id,
    day,
    organisationId: row.job.organisationId,
    vehicleId: row.job.vehicleId,
    routeId: row.route?.id ?? null,
    windowStart: window.start,
    windowEnd: window.end,
    status: result.status,
    startedAt: iso(result.startedAtMs),
    finishedAt: iso(result.finishedAtMs),
    checkpointsTotal: result.checkpointsTotal,
    checkpointsMet: result.checkpointsMet,
    checkpoints: result.checkpoints.map((c) => ({
      name: c.name,
      lat: c.lat,
      lon: c.lon,
      reachedAt: iso(c.reachedAtMs)?.toISOString() ?? null,
      poiId: c.poiId,
      dwellS: c.dwellS === null ? null : Math.round(c.dwellS),
      via: c.via,
    })),
    corridorExits: result.corridorExits.map((e) => ({
      exitedAt: new Date(e.exitedAtMs).toISOString(),
      returnedAt: iso(e.returnedAtMs)?.toISOString() ?? null,
      lat: e.lat,
      lon: e.lon,
      maxDistanceM: e.maxDistanceM,
    })),
    expectedTrips: row.job.expectedTrips,
    gpsTrips: result.gpsTrips,
    score: result.score,
    evaluatedAt: new Date(nowMs),
  });
}

/** The route's checkpoints with their POI's radius and the reads of the POI's items in [from, to]. */
async function withCollectionPoints(
  db: Db,
  route: JobRunRoute,
  vehicleId: bigint,
  from: Date,
  to: Date,
): Promise<JobRunRoute> {
  const poiIds = [...new Set(route.checkpoints.flatMap((c) => (c.poiId ? [c.poiId] : [])))].map((id) =>
    BigInt(id),
  );
  if (!poiIds.length) return route;
  const [radii, reads] = await Promise.all([
    repo.poiRadii(db, poiIds),
    repo.poiTagReads(db, { vehicleId, poiIds, from, to }),
  ]);
  return {
    ...route,
    checkpoints: route.checkpoints.map((c) => {
      const radiusM = c.poiId ? radii.get(c.poiId) : undefined;
      return {
        ...c,
        ...(radiusM === undefined ? {} : { radiusM }),
        tagReads: (c.poiId && reads.get(c.poiId)) || [],
      };
    }),
  };
}

export function jobRunJob(db: Db, clock: Clock): Job {
  return {
    name: JOB_RUN_JOB,
    intervalMs: 5 * 60_000,
    async run() {
      const { evaluated, frozen } = await evaluateJobRuns(db, clock());
      return `evaluated ${evaluated} job runs (${frozen} frozen)`;
    },
  };
}
