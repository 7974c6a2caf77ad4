/** A stored job run as the contract sends it. */
import type { JobRun } from '@civicfleet/shared';
import type { JobRunRecord } from './job-run.repository.ts';

export function toJobRun(row: JobRunRecord): JobRun {
  const r = row.run;
  return {
    jobId: String(r.jobId),
    jobName: row.jobName,
    day: r.day,
    organisationId: String(r.organisationId),
    vehicle: { id: String(r.vehicleId), registrationNumber: row.registrationNumber },
    route:
      r.routeId === null || row.routeName === null ? null : { id: String(r.routeId), name: row.routeName },
    windowStart: r.windowStart.toISOString(),
    windowEnd: r.windowEnd.toISOString(),
    status: r.status,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    checkpointsTotal: r.checkpointsTotal,
    checkpointsMet: r.checkpointsMet,
    checkpoints: r.checkpoints,
    expectedTrips: r.expectedTrips,
    gpsTrips: r.gpsTrips,
    score: r.score,
    evaluatedAt: r.evaluatedAt?.toISOString() ?? null,
  };
}
