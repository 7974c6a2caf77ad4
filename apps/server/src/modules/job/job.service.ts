/**
 * Job schedules, organisation-scoped and audited: a vehicle (and optionally a route) of the job's organisation, a
 * schedule checked by the contract, and "which jobs run on a date" for the reports (schedule.ts).
 */
import type {
  ActiveJob,
  Job,
  JobActiveQuery,
  JobInput,
  JobListQuery,
  JobRecurrence,
  JobScheduleType,
  ListPage,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import * as repo from './job.repository.ts';
import { runsOn, windowOn } from './schedule.ts';
import { isLiveVehicleOf } from '../vehicle/vehicle.repository.ts';

export const JOB_NOT_FOUND = 'Job not found.';

function toJob(row: repo.JobRecord): Job {
  const j = row.job;
  return {
    id: String(j.id),
    organisationId: String(j.organisationId),
    name: j.name,
    scheduleType: j.scheduleType as JobScheduleType,
    recurrence: j.recurrence as JobRecurrence | null,
    daysOfWeek: j.daysOfWeek,
    startDate: j.startDate,
    endDate: j.endDate,
    startTime: j.startTime,
    endTime: j.endTime,
    vehicle: { id: String(j.vehicleId), registrationNumber: row.registrationNumber },
    route:
      j.routeId === null || row.routeName === null ? null : { id: String(j.routeId), name: row.routeName },
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
  };
}

const opt = (v: string | undefined) => (v === undefined ? undefined : toId(v));

export function createJobService({ db }: { db: Db }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.JobRecord> {
    const row = await repo.findJob(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(JOB_NOT_FOUND);
    return row;
  }

  async function values(organisationId: bigint, input: JobInput) {
    const vehicleId = toId(input.vehicleId);
    if (!(await isLiveVehicleOf(db, organisationId, vehicleId))) {
      const message = "The vehicle must be a vehicle of the job's organisation";
      throw new BadRequestError(message, { vehicleId: message });
    }
    const routeId = input.routeId ? toId(input.routeId) : null;
    if (routeId !== null && !(await repo.isLiveRouteOf(db, organisationId, routeId))) {
      const message = "The route must be a route of the job's organisation";
      throw new BadRequestError(message, { routeId: message });
    }
    const isOneTime = input.scheduleType === 'One Time';
    return {
      name: input.name,
      scheduleType: input.scheduleType,
      recurrence: isOneTime ? null : (input.recurrence ?? null),
      daysOfWeek: input.recurrence === 'custom' ? [...new Set(input.daysOfWeek)].sort((a, b) => a - b) : [],
      startDate: input.startDate,
      endDate: isOneTime ? input.startDate : (input.endDate ?? null),
      startTime: input.startTime,
      endTime: input.endTime,
      vehicleId,
      routeId,
    };
  }

  const audit = (tx: Db, actor: Actor, action: string, organisationId: bigint, id: bigint, detail: object) =>
    recordAudit(tx, {
      action,
      actorUserId: actor.auth.userId,
      organisationId,
      entity: 'job',
      entityId: id,
      detail: { ...detail },
      ip: actor.ip,
    });

  return {
    async list(auth: AuthContext, query: JobListQuery): Promise<ListPage<Job>> {
      const filter = {
        orgIds: auth.orgIds,
        organisationId: opt(query.organisationId),
        vehicleId: opt(query.vehicleId),
        routeId: opt(query.routeId),
      };
      return mapPage(await repo.listJobs(db, filter, query), toJob);
    },

    async get(auth: AuthContext, id: bigint): Promise<Job> {
      return toJob(await visible(auth, id));
    },

    /** The jobs that run on `date` (Asia/Kolkata), ordered by window start. */
    async active(auth: AuthContext, query: JobActiveQuery): Promise<ActiveJob[]> {
      const rows = await repo.jobsInRange(
        db,
        { orgIds: auth.orgIds, organisationId: opt(query.organisationId), vehicleId: opt(query.vehicleId) },
        query.date,
      );
      return rows
        .map(toJob)
        .filter((job) => runsOn(job, query.date))
        .map((job) => {
          const window = windowOn(job, query.date);
          return { job, windowStartAt: window.start.toISOString(), windowEndAt: window.end.toISOString() };
        });
    },

    async create(actor: Actor, input: JobInput): Promise<Job> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const row = await values(organisationId, input);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertJob(tx, { organisationId, ...row });
        await audit(tx, actor, 'job.created', organisationId, newId, {
          name: row.name,
          vehicleId: String(row.vehicleId),
        });
        return newId;
      });
      return this.get(actor.auth, id);
    },

    async update(actor: Actor, id: bigint, input: JobInput): Promise<Job> {
      const current = await visible(actor.auth, id);
      const organisationId = current.job.organisationId;
      if (input.organisationId !== undefined && toId(input.organisationId) !== organisationId)
        throw new BadRequestError('A job cannot move to another organisation', {
          organisationId: 'A job cannot move to another organisation',
        });
      const row = await values(organisationId, input);
      await db.transaction(async (tx) => {
        await repo.updateJob(tx, id, row);
        await audit(tx, actor, 'job.updated', organisationId, id, {
          before: { name: current.job.name, startDate: current.job.startDate },
          after: { name: row.name, startDate: row.startDate },
        });
      });
      return this.get(actor.auth, id);
    },

    async remove(actor: Actor, id: bigint): Promise<void> {
      const current = await visible(actor.auth, id);
      await db.transaction(async (tx) => {
        await repo.updateJob(tx, id, { deleted: true });
        await audit(tx, actor, 'job.deleted', current.job.organisationId, id, { name: current.job.name });
      });
    },
  };
}
