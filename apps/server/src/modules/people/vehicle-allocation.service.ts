/**
 * Vehicle allocation (docs/swm.md "Staff and vehicle allocation"): a supervisor puts a person on a vehicle for a day
 * and shift. A new driver on a vehicle ends the previous driver's open allocation there ('replaced': a driver
 * change); the same person's still-open allocation for an earlier shift ends 'shift-end'. Helpers and sweepers can
 * share a vehicle. Driver-id reads make the same allocations from the tracker data (attendance-job.ts).
 */
import {
  PEOPLE_MESSAGES,
  type AllocationEndReason,
  type AllocationSource,
  type DriverChange,
  type DriverChangeQuery,
  type ListPage,
  type Shift,
  type StaffRole,
  type VehicleAllocation,
  type VehicleAllocationEnd,
  type VehicleAllocationInput,
  type VehicleAllocationListQuery,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { localDayStartMs, nextLocalDay } from '../../derive/local-day.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { PEOPLE_TIME_ZONE, allocationStart } from './attendance-derive.ts';
import * as staffRepo from './staff.repository.ts';
import * as repo from './vehicle-allocation.repository.ts';

export function toAllocation(row: repo.AllocationRecord): VehicleAllocation {
  const a = row.allocation;
  return {
    id: String(a.id),
    organisationId: String(a.organisationId),
    vehicle: { id: String(a.vehicleId), registrationNumber: row.registrationNumber },
    staff: { id: String(a.staffId), name: row.staffName, role: row.staffRole as StaffRole },
    day: a.day,
    shift: a.shift as Shift,
    startedAt: a.startedAt.toISOString(),
    endedAt: a.endedAt?.toISOString() ?? null,
    endReason: a.endReason as AllocationEndReason | null,
    source: a.source as AllocationSource,
    createdBy:
      a.createdBy === null
        ? null
        : { id: String(a.createdBy), name: row.createdByName ?? String(a.createdBy) },
  };
}

const field = (name: string, message: string) => new BadRequestError(message, { [name]: message });
const opt = (v: string | undefined) => (v === undefined ? undefined : toId(v));

/** [from, to] local days as instants [start of from, start of the day after to). */
export function dayRange(from: string, to: string): { from: Date; to: Date } {
  return {
    from: new Date(localDayStartMs(from, PEOPLE_TIME_ZONE)),
    to: new Date(localDayStartMs(nextLocalDay(to), PEOPLE_TIME_ZONE)),
  };
}

export function createVehicleAllocationService({ db, clock }: { db: Db; clock: Clock }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.AllocationRecord> {
    const row = await repo.findAllocation(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(PEOPLE_MESSAGES.allocationNotFound);
    return row;
  }

  return {
    async list(auth: AuthContext, query: VehicleAllocationListQuery): Promise<ListPage<VehicleAllocation>> {
      const filter: repo.AllocationFilter = {
        orgIds: auth.orgIds,
        organisationId: opt(query.organisationId),
        day: query.day,
        vehicleId: opt(query.vehicleId),
        staffId: opt(query.staffId),
        isOpen: query.open === undefined ? undefined : query.open === 'true',
      };
      return mapPage(await repo.listAllocations(db, filter, query), toAllocation);
    },

    async get(auth: AuthContext, id: bigint): Promise<VehicleAllocation> {
      return toAllocation(await visible(auth, id));
    },

    async create(actor: Actor, input: VehicleAllocationInput): Promise<VehicleAllocation> {
      const vehicleId = toId(input.vehicleId);
      const vehicle = await repo.findVisibleVehicle(db, vehicleId, actor.auth.orgIds);
      if (!vehicle) throw field('vehicleId', 'Choose a vehicle of your organisation');
      const person = await staffRepo.findStaff(db, toId(input.staffId), actor.auth.orgIds);
      if (!person) throw field('staffId', PEOPLE_MESSAGES.staffNotFound);
      const s = person.staff;
      if (
        s.organisationId !== vehicle.organisationId &&
        s.organisationId !== vehicle.contractorOrganisationId
      )
        throw field('staffId', PEOPLE_MESSAGES.staffOrganisation);
      if (!s.active) throw field('staffId', PEOPLE_MESSAGES.inactiveStaff);
      const same = { vehicleId, staffId: s.id, day: input.day, shift: input.shift };
      if (await repo.findOpenSame(db, same))
        throw new ConflictError('This person is already allocated to this vehicle for this shift');
      const startedAt = new Date(allocationStart(input.day, input.shift, clock().getTime()));
      const id = await db.transaction(async (tx) => {
        if (s.role === 'driver') {
          const open = await repo.openDriverAllocation(tx, vehicleId);
          if (open && open.startedAt.getTime() <= startedAt.getTime())
            await repo.endAllocation(
              tx,
              open.id,
              startedAt,
              open.staffId === s.id ? 'shift-end' : 'replaced',
            );
        }
        const newId = await repo.insertAllocation(tx, {
          organisationId: vehicle.organisationId,
          vehicleId,
          staffId: s.id,
          day: input.day,
          shift: input.shift,
          startedAt,
          source: 'supervisor',
          createdBy: actor.auth.userId,
        });
        await recordAudit(tx, {
          action: 'vehicle-allocation.created',
          actorUserId: actor.auth.userId,
          organisationId: vehicle.organisationId,
          entity: 'vehicle-allocation',
          entityId: newId,
          detail: { vehicleId: String(vehicleId), staffId: String(s.id), day: input.day, shift: input.shift },
          ip: actor.ip,
        });
        return newId;
      });
      return this.get(actor.auth, id);
    },

    async end(actor: Actor, id: bigint, input: VehicleAllocationEnd): Promise<VehicleAllocation> {
      const current = await visible(actor.auth, id);
      const a = current.allocation;
      if (a.endedAt !== null) throw new ConflictError(PEOPLE_MESSAGES.alreadyEnded);
      const endedAt = new Date(Math.max(clock().getTime(), a.startedAt.getTime()));
      await db.transaction(async (tx) => {
        await repo.endAllocation(tx, id, endedAt, input.reason);
        await recordAudit(tx, {
          action: 'vehicle-allocation.ended',
          actorUserId: actor.auth.userId,
          organisationId: a.organisationId,
          entity: 'vehicle-allocation',
          entityId: id,
          detail: { reason: input.reason },
          ip: actor.ip,
        });
      });
      return this.get(actor.auth, id);
    },

    async driverChanges(auth: AuthContext, query: DriverChangeQuery): Promise<DriverChange[]> {
      const range = dayRange(query.from, query.to);
      const rows = await repo.driverChanges(
        db,
        { orgIds: auth.orgIds, organisationId: opt(query.organisationId), vehicleId: opt(query.vehicleId) },
        range.from,
        range.to,
      );
      return rows.map((r) => ({
        vehicle: { id: String(r.vehicleId), registrationNumber: r.registrationNumber },
        fromDriver: { id: String(r.fromId), name: r.fromName },
        toDriver: { id: String(r.toId), name: r.toName },
        at: r.at.toISOString(),
        source: r.source as AllocationSource,
      }));
    },
  };
}
