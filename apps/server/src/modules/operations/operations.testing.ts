/** Tests only: fences, visits, jobs and job runs for the operations module's tests. */
import type { Db } from '../../db/client.ts';
import {
  geofenceVisits,
  geofences,
  jobRuns,
  jobs,
  routes,
  type GeofenceKind,
} from '../../db/schema/index.ts';
import type { TrackedVehicle } from '../../gateway/testing/fleet.ts';

/** IST wall time → Date: `at('2026-11-25 10:00')`. */
export const at = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+05:30`);

export async function insertFence(
  db: Db,
  organisationId: bigint,
  name: string,
  kind: GeofenceKind,
  center: { lat: number; lon: number } = { lat: 22.6537, lon: 75.8932 },
): Promise<bigint> {
  const [row] = await db
    .insert(geofences)
    .values({
      organisationId,
      name,
      kind,
      geometry: { type: 'Point', coordinates: [center.lon, center.lat] },
      radiusM: 150,
    })
    .returning({ id: geofences.id });
  if (!row) throw new Error('fence insert returned no row');
  return row.id;
}

export async function insertVisit(
  db: Db,
  v: TrackedVehicle,
  organisationId: bigint,
  geofenceId: bigint,
  from: string,
  to: string | null,
): Promise<void> {
  const enteredAt = at(from);
  const exitedAt = to === null ? null : at(to);
  await db.insert(geofenceVisits).values({
    deviceId: v.deviceId,
    vehicleId: v.vehicleId,
    organisationId,
    fenceKey: `g${geofenceId}`,
    geofenceId,
    enteredAt,
    exitedAt,
    dwellS: exitedAt ? Math.round((exitedAt.getTime() - enteredAt.getTime()) / 1000) : null,
  });
}

export async function insertRoute(
  db: Db,
  organisationId: bigint,
  path: Array<[number, number]>,
  checkpoints: Array<{ name: string; lat: number; lon: number }>,
): Promise<bigint> {
  const [row] = await db
    .insert(routes)
    .values({
      organisationId,
      name: 'Test beat',
      path: { type: 'LineString', coordinates: path },
      corridorM: 50,
      checkpoints: checkpoints.map((c) => ({ ...c, poiId: null })),
    })
    .returning({ id: routes.id });
  if (!row) throw new Error('route insert returned no row');
  return row.id;
}

export async function insertJob(
  db: Db,
  values: Partial<typeof jobs.$inferInsert> & { organisationId: bigint; vehicleId: bigint },
): Promise<bigint> {
  const [row] = await db
    .insert(jobs)
    .values({
      name: 'Morning beat',
      scheduleType: 'Recurring',
      recurrence: 'daily',
      startDate: '2026-09-01',
      startTime: '06:00',
      endTime: '10:00',
      ...values,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('job insert returned no row');
  return row.id;
}

/** `count` daily runs of a job ending 10:00 IST, the newest on `lastDay`; `score(age)` (age 0 = newest). */
export async function insertDailyRuns(
  db: Db,
  args: {
    jobId: bigint;
    organisationId: bigint;
    vehicleId: bigint;
    lastDay: string;
    count: number;
    score: (age: number) => number;
  },
): Promise<void> {
  const rows: Array<typeof jobRuns.$inferInsert> = [];
  for (let age = 0; age < args.count; age++) {
    const day = new Date(Date.parse(`${args.lastDay}T00:00:00Z`) - age * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const score = args.score(age);
    rows.push({
      jobId: args.jobId,
      day,
      organisationId: args.organisationId,
      vehicleId: args.vehicleId,
      windowStart: at(`${day} 06:00`),
      windowEnd: at(`${day} 10:00`),
      status: score > 0 ? 'finished' : 'missed',
      checkpointsTotal: 4,
      checkpointsMet: Math.round(score * 4),
      expectedTrips: 1,
      score,
      evaluatedAt: at(`${day} 12:00`),
    });
  }
  await db.insert(jobRuns).values(rows);
}
