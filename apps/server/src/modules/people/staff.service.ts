/**
 * Staff (drivers, helpers, sweepers, supervisors), organisation-scoped and audited. Zone ⊃ circle ⊃ ward must be
 * divisions of the person's organisation (a missing ancestor is filled from the child); the RFID / iButton tag is
 * unique per organisation among live staff. A driver without a licence number, or with an expired licence, is
 * allowed but carries a warning.
 */
import {
  PEOPLE_MESSAGES,
  type ListPage,
  type Staff,
  type StaffInput,
  type StaffListQuery,
  type StaffRole,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { localDayOf } from '../../derive/local-day.ts';
import { PEOPLE_TIME_ZONE } from './attendance-derive.ts';
import * as repo from './staff.repository.ts';

const named = (id: bigint | null, name: string | null) =>
  id === null || name === null ? null : { id: String(id), name };

/** Warnings shown next to a person (never errors): drivers need a valid licence to drive. */
export function staffWarnings(
  s: { role: string; licenceNo: string | null; licenceValidUntil: string | null },
  today: string,
): string[] {
  if (s.role !== 'driver') return [];
  const warnings: string[] = [];
  if (!s.licenceNo) warnings.push(PEOPLE_MESSAGES.licenceMissing);
  if (s.licenceValidUntil !== null && s.licenceValidUntil < today)
    warnings.push(PEOPLE_MESSAGES.licenceExpired);
  return warnings;
}

export function toStaff(row: repo.StaffRecord, today: string): Staff {
  const s = row.staff;
  return {
    id: String(s.id),
    organisationId: String(s.organisationId),
    name: s.name,
    phone: s.phone,
    role: s.role as StaffRole,
    zone: named(s.zoneId, row.zoneName),
    circle: named(s.circleId, row.circleName),
    ward: named(s.wardId, row.wardName),
    tagId: s.tagId,
    licenceNo: s.licenceNo,
    licenceValidUntil: s.licenceValidUntil,
    active: s.active,
    warnings: staffWarnings(s, today),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

const field = (name: string, message: string) => new BadRequestError(message, { [name]: message });
const opt = (v: string | undefined) => (v === undefined ? undefined : toId(v));

export function createStaffService({ db, clock }: { db: Db; clock: Clock }) {
  const today = () => localDayOf(clock().getTime(), PEOPLE_TIME_ZONE);

  async function visible(auth: AuthContext, id: bigint): Promise<repo.StaffRecord> {
    const row = await repo.findStaff(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(PEOPLE_MESSAGES.staffNotFound);
    return row;
  }

  /** Zone ⊃ circle ⊃ ward of the organisation, ancestors filled from the child. */
  async function placement(organisationId: bigint, input: StaffInput) {
    let zoneId = input.zoneId === null ? null : toId(input.zoneId);
    let circleId = input.circleId === null ? null : toId(input.circleId);
    const wardId = input.wardId === null ? null : toId(input.wardId);
    const rows = new Map<bigint, Awaited<ReturnType<typeof repo.findDivisions>>[number]>();
    const load = async (ids: Array<bigint | null>) => {
      const missing = ids.filter((id): id is bigint => id !== null && !rows.has(id));
      for (const r of await repo.findDivisions(db, missing)) rows.set(r.id, r);
    };
    const check = (id: bigint | null, type: 'ZONE' | 'CIRCLE' | 'WARD', name: string, label: string) => {
      if (id === null) return undefined;
      const row = rows.get(id);
      if (!row || row.organisationId !== organisationId || row.type !== type)
        throw field(name, `Choose a ${label} of the staff member's organisation.`);
      return row;
    };
    await load([zoneId, circleId, wardId]);
    const ward = check(wardId, 'WARD', 'wardId', 'ward');
    if (ward && circleId === null) circleId = ward.parentId;
    if (ward && ward.parentId !== circleId) throw field('wardId', 'The ward is not in the chosen circle.');
    await load([circleId]);
    const circle = check(circleId, 'CIRCLE', 'circleId', 'circle');
    if (circle && zoneId === null) zoneId = circle.parentId;
    if (circle && circle.parentId !== zoneId)
      throw field('circleId', 'The circle is not in the chosen zone.');
    await load([zoneId]);
    check(zoneId, 'ZONE', 'zoneId', 'zone');
    return { zoneId, circleId, wardId };
  }

  async function values(organisationId: bigint, input: StaffInput, exceptId?: bigint) {
    if (input.tagId !== null && (await repo.findTagHolder(db, organisationId, input.tagId, exceptId)))
      throw new ConflictError(PEOPLE_MESSAGES.tagTaken, { tagId: PEOPLE_MESSAGES.tagTaken });
    return {
      name: input.name,
      phone: input.phone,
      role: input.role,
      ...(await placement(organisationId, input)),
      tagId: input.tagId,
      licenceNo: input.licenceNo || null,
      licenceValidUntil: input.licenceValidUntil,
      active: input.active,
    };
  }

  const audit = (tx: Db, actor: Actor, action: string, organisationId: bigint, id: bigint, detail: object) =>
    recordAudit(tx, {
      action,
      actorUserId: actor.auth.userId,
      organisationId,
      entity: 'staff',
      entityId: id,
      detail: { ...detail },
      ip: actor.ip,
    });

  return {
    async list(auth: AuthContext, query: StaffListQuery): Promise<ListPage<Staff>> {
      const filter: repo.StaffFilter = {
        orgIds: auth.orgIds,
        organisationId: opt(query.organisationId),
        role: query.role,
        zoneId: opt(query.zoneId),
        circleId: opt(query.circleId),
        wardId: opt(query.wardId),
        active: query.active === undefined ? undefined : query.active === 'true',
      };
      const day = today();
      return mapPage(await repo.listStaff(db, filter, query), (row) => toStaff(row, day));
    },

    async get(auth: AuthContext, id: bigint): Promise<Staff> {
      return toStaff(await visible(auth, id), today());
    },

    async create(actor: Actor, input: StaffInput): Promise<Staff> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const row = await values(organisationId, input);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertStaff(tx, { organisationId, ...row });
        await audit(tx, actor, 'staff.created', organisationId, newId, { name: row.name, role: row.role });
        return newId;
      });
      return this.get(actor.auth, id);
    },

    async update(actor: Actor, id: bigint, input: StaffInput): Promise<Staff> {
      const current = await visible(actor.auth, id);
      const organisationId = current.staff.organisationId;
      if (input.organisationId !== undefined && toId(input.organisationId) !== organisationId)
        throw field('organisationId', 'A staff member cannot move to another organisation');
      const row = await values(organisationId, input, id);
      await db.transaction(async (tx) => {
        await repo.updateStaff(tx, id, row);
        await audit(tx, actor, 'staff.updated', organisationId, id, {
          before: { name: current.staff.name, role: current.staff.role, tagId: current.staff.tagId },
          after: { name: row.name, role: row.role, tagId: row.tagId },
        });
      });
      return this.get(actor.auth, id);
    },

    /** Soft delete: history (allocations, attendance) keeps pointing at the person; the tag becomes free. */
    async remove(actor: Actor, id: bigint): Promise<void> {
      const current = await visible(actor.auth, id);
      await db.transaction(async (tx) => {
        await repo.updateStaff(tx, id, { deleted: true, active: false });
        await audit(tx, actor, 'staff.deleted', current.staff.organisationId, id, {
          name: current.staff.name,
        });
      });
    },
  };
}
