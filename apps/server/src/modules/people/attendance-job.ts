/**
 * Worker job (every 60 s, idempotent): turns tracker data into allocations and attendance (docs/swm.md "Driver-id
 * reads", "Attendance"). The rules are the pure functions of attendance-derive.ts; this file loads and writes.
 *   (a) unprocessed driver_tag_reads → tag owner → driver-id allocation (+ 'replaced' end of the previous driver)
 *       and PRESENT 'driver-id' (duty start = read time); the read is marked processed either way;
 *   (b) allocations of yesterday and today whose vehicle ran during them (daily_vehicle_stats ignition) → PRESENT
 *       'duty' with duty start/end = first/last ignition (and the duty end of derived marks moves on);
 *   (c) for the local days that ended (the last three), every active person still unmarked → ABSENT 'day-close'.
 * Registered in worker/jobs.ts `workerJobs` as `attendanceJob(deps.db, deps.clock)`.
 */
import { normaliseTagId } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { localDayOf, localDayStartMs, nextLocalDay } from '../../derive/local-day.ts';
import type { Clock } from '../../http/types.ts';
import type { Job } from '../../worker/runner.ts';
import {
  PEOPLE_TIME_ZONE,
  daysToClose,
  markKey,
  pickTagOwner,
  planDayClose,
  planDutyMarks,
  planTagRead,
  type Mark,
} from './attendance-derive.ts';
import * as repo from './attendance-job.repository.ts';
import { extendDuty, insertDerivedMark, marksOf } from './attendance.repository.ts';
import { endAllocation, insertAllocation, openDriverAllocation } from './vehicle-allocation.repository.ts';

export const ATTENDANCE_JOB = 'derive-attendance';
const READS_PER_RUN = 500;

/** (a) Returns how many reads matched a person. */
export async function processTagReads(db: Db, now: Date): Promise<{ reads: number; matched: number }> {
  const reads = await repo.unprocessedReads(db, READS_PER_RUN);
  const trees = new Map<bigint, bigint[]>();
  let matched = 0;
  for (const read of reads) {
    const vehicleOrg =
      read.vehicleId === null ? undefined : await repo.vehicleOrganisation(db, read.vehicleId);
    const rootOrg = vehicleOrg ?? read.organisationId;
    let tree = trees.get(rootOrg);
    if (!tree) {
      tree = await repo.organisationTree(db, rootOrg);
      trees.set(rootOrg, tree);
    }
    const owner = pickTagOwner(await repo.tagCandidates(db, normaliseTagId(read.tag), tree), tree);
    const day = localDayOf(read.readAt.getTime(), PEOPLE_TIME_ZONE);
    const [existing] = owner ? await marksOf(db, [owner.staffId], [day]) : [];
    const open =
      read.vehicleId !== null && owner ? await openDriverAllocation(db, read.vehicleId) : undefined;
    const plan = planTagRead({
      readAt: read.readAt,
      owner,
      hasVehicle: read.vehicleId !== null,
      open,
      existingMark: existing as Mark | undefined,
    });
    await db.transaction(async (tx) => {
      if (plan.replace) await endAllocation(tx, plan.replace.id, plan.replace.endedAt, 'replaced');
      if (plan.open && read.vehicleId !== null)
        await insertAllocation(tx, {
          organisationId: vehicleOrg ?? read.organisationId,
          vehicleId: read.vehicleId,
          staffId: plan.open.staffId,
          day: plan.open.day,
          shift: plan.open.shift,
          startedAt: plan.open.startedAt,
          source: 'driver-id',
        });
      if (plan.mark) {
        const person = await repo.staffPlacement(tx, plan.mark.staffId);
        if (person)
          await insertDerivedMark(tx, {
            staffId: plan.mark.staffId,
            day: plan.mark.day,
            organisationId: person.organisationId,
            status: 'PRESENT',
            source: 'driver-id',
            wardId: person.wardId,
            circleId: person.circleId,
            vehicleId: read.vehicleId,
            dutyStartAt: plan.mark.dutyStartAt,
          });
      }
      await repo.markReadProcessed(tx, read.id, now);
    });
    if (owner) matched += 1;
  }
  return { reads: reads.length, matched };
}

/** (b) Returns how many marks were written or moved. */
export async function markDuty(db: Db, now: Date): Promise<number> {
  const today = localDayOf(now.getTime(), PEOPLE_TIME_ZONE);
  const yesterday = localDayOf(localDayStartMs(today, PEOPLE_TIME_ZONE) - 1, PEOPLE_TIME_ZONE);
  const days = [yesterday, today];
  const allocations = await repo.allocationsOfDays(db, days);
  if (allocations.length === 0) return 0;
  const duties = (
    await repo.vehicleDuties(db, [...new Set(allocations.map((a) => a.vehicleId))], days)
  ).flatMap((d) =>
    d.vehicleId === null || d.firstIgnitionAt === null
      ? []
      : [
          {
            vehicleId: d.vehicleId,
            day: d.day,
            firstIgnitionAt: new Date(d.firstIgnitionAt),
            lastIgnitionAt: d.lastIgnitionAt === null ? null : new Date(d.lastIgnitionAt),
          },
        ],
  );
  const marks = new Map(
    (await marksOf(db, [...new Set(allocations.map((a) => a.staffId))], days)).map((m) => [
      markKey(m.staffId, m.day),
      m as Mark & { vehicleId: bigint | null; dutyEndAt: Date | null },
    ]),
  );
  const placement = new Map(allocations.map((a) => [a.staffId, a]));
  const plans = planDutyMarks(allocations, duties, marks);
  for (const p of plans) {
    if (!p.isNew) {
      if (p.dutyEndAt) await extendDuty(db, p.staffId, p.day, p.dutyEndAt);
      continue;
    }
    const person = placement.get(p.staffId);
    if (!person) continue;
    await insertDerivedMark(db, {
      staffId: p.staffId,
      day: p.day,
      organisationId: person.organisationId,
      status: 'PRESENT',
      source: 'duty',
      wardId: person.wardId,
      circleId: person.circleId,
      vehicleId: p.vehicleId,
      dutyStartAt: p.dutyStartAt,
      dutyEndAt: p.dutyEndAt,
    });
  }
  return plans.length;
}

/** (c) Returns how many ABSENT marks were written. */
export async function closeDays(db: Db, now: Date): Promise<number> {
  let written = 0;
  for (const day of daysToClose(now.getTime())) {
    const dayEnd = new Date(localDayStartMs(nextLocalDay(day), PEOPLE_TIME_ZONE));
    const candidates = await repo.unmarkedStaff(db, day, dayEnd);
    const byId = new Map(candidates.map((c) => [c.staffId, c]));
    for (const staffId of planDayClose(day, candidates, new Set())) {
      const person = byId.get(staffId);
      if (!person) continue;
      const done = await insertDerivedMark(db, {
        staffId,
        day,
        organisationId: person.organisationId,
        status: 'ABSENT',
        source: 'day-close',
        wardId: person.wardId,
        circleId: person.circleId,
      });
      if (done) written += 1;
    }
  }
  return written;
}

export function attendanceJob(db: Db, clock: Clock): Job {
  return {
    name: ATTENDANCE_JOB,
    intervalMs: 60_000,
    async run() {
      const reads = await processTagReads(db, clock());
      const duty = await markDuty(db, clock());
      const absent = await closeDays(db, clock());
      return `${reads.reads} driver-id reads (${reads.matched} matched), ${duty} duty marks, ${absent} day-close absences`;
    },
  };
}
