/**
 * Vehicle groups, organisation-scoped and audited. Members are `vehicles.group_id` (one group per vehicle); adding a
 * vehicle moves it out of its former group. Deleting a group (soft) releases its vehicles.
 */
import type {
  Group,
  GroupInput,
  GroupListQuery,
  GroupSummary,
  GroupVehiclesInput,
  ListPage,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { effectiveStatus } from '../../live/live-mapping.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation, uniqueIds } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import * as repo from './group.repository.ts';
import { vehiclesOfOrganisation } from '../vehicle/vehicle.repository.ts';

export const GROUP_NOT_FOUND = 'Group not found.';
export const GROUP_NAME_TAKEN = 'A group with this name already exists';

function toGroup(row: repo.GroupRecord): Group {
  const g = row.group;
  return {
    id: String(g.id),
    organisationId: String(g.organisationId),
    name: g.name,
    description: g.description,
    vehicleCount: row.vehicleCount,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

export function createGroupService({ db, clock }: { db: Db; clock: Clock }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.GroupRecord> {
    const row = await repo.findGroup(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(GROUP_NOT_FOUND);
    return row;
  }

  async function checkName(organisationId: bigint, name: string, id?: bigint) {
    const other = await repo.findGroupByName(db, organisationId, name);
    if (other && other.id !== id) throw new ConflictError(GROUP_NAME_TAKEN, { name: GROUP_NAME_TAKEN });
  }

  async function checkVehicles(organisationId: bigint, ids: readonly string[]): Promise<bigint[]> {
    const wanted = uniqueIds(ids);
    const found = new Set(await vehiclesOfOrganisation(db, organisationId, wanted));
    const missing = wanted.filter((v) => !found.has(v));
    if (missing.length > 0) {
      const message = `Unknown vehicles for this group's organisation: ${missing.join(', ')}`;
      throw new BadRequestError(message, { vehicleIds: message });
    }
    return wanted;
  }

  return {
    async list(auth: AuthContext, query: GroupListQuery): Promise<ListPage<Group>> {
      const page = await repo.listGroups(
        db,
        {
          orgIds: auth.orgIds,
          organisationId: query.organisationId === undefined ? undefined : toId(query.organisationId),
        },
        query,
      );
      return mapPage(page, toGroup);
    },

    async get(auth: AuthContext, id: bigint): Promise<Group> {
      return toGroup(await visible(auth, id));
    },

    async create({ auth, ip }: Actor, input: GroupInput): Promise<Group> {
      const organisationId = await resolveOwnerOrganisation(db, auth, input.organisationId);
      await checkName(organisationId, input.name);
      const members = await checkVehicles(organisationId, input.vehicleIds ?? []);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertGroup(tx, {
          organisationId,
          name: input.name,
          description: input.description ?? null,
        });
        if (members.length > 0) await repo.setMembers(tx, newId, members);
        await recordAudit(tx, {
          action: 'group.created',
          actorUserId: auth.userId,
          organisationId,
          entity: 'group',
          entityId: newId,
          detail: { name: input.name, vehicleIds: members.map(String) },
          ip,
        });
        return newId;
      });
      return this.get(auth, id);
    },

    async update({ auth, ip }: Actor, id: bigint, input: GroupInput): Promise<Group> {
      const current = await visible(auth, id);
      const organisationId = current.group.organisationId;
      await checkName(organisationId, input.name, id);
      const members =
        input.vehicleIds === undefined ? undefined : await checkVehicles(organisationId, input.vehicleIds);
      await db.transaction(async (tx) => {
        await repo.updateGroup(tx, id, { name: input.name, description: input.description ?? null });
        if (members !== undefined) await repo.setMembers(tx, id, members);
        await recordAudit(tx, {
          action: 'group.updated',
          actorUserId: auth.userId,
          organisationId,
          entity: 'group',
          entityId: id,
          detail: { before: { name: current.group.name }, after: { name: input.name } },
          ip,
        });
      });
      return this.get(auth, id);
    },

    async setVehicles({ auth, ip }: Actor, id: bigint, input: GroupVehiclesInput): Promise<Group> {
      const current = await visible(auth, id);
      const members = await checkVehicles(current.group.organisationId, input.vehicleIds);
      await db.transaction(async (tx) => {
        await repo.setMembers(tx, id, members);
        await recordAudit(tx, {
          action: 'group.vehicles-set',
          actorUserId: auth.userId,
          organisationId: current.group.organisationId,
          entity: 'group',
          entityId: id,
          detail: { vehicleIds: members.map(String) },
          ip,
        });
      });
      return this.get(auth, id);
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      const current = await visible(auth, id);
      await db.transaction(async (tx) => {
        await repo.setMembers(tx, id, []);
        await repo.updateGroup(tx, id, { deleted: true });
        await recordAudit(tx, {
          action: 'group.deleted',
          actorUserId: auth.userId,
          organisationId: current.group.organisationId,
          entity: 'group',
          entityId: id,
          detail: { name: current.group.name },
          ip,
        });
      });
    },

    async summary(auth: AuthContext, id: bigint): Promise<GroupSummary> {
      await visible(auth, id);
      const nowMs = clock().getTime();
      const rows = await repo.membersWithLatest(db, id);
      const vehicles = rows.map((r) => {
        const status = effectiveStatus(r.latest, nowMs).status;
        return {
          id: String(r.id),
          registrationNumber: r.registrationNumber,
          imei: r.imei,
          isOnline: r.imei !== null && status !== 'offline' && status !== 'never-connected',
        };
      });
      const linked = vehicles.filter((v) => v.imei !== null).length;
      return {
        groupId: String(id),
        vehicleCount: vehicles.length,
        linked,
        unlinked: vehicles.length - linked,
        onlineNow: vehicles.filter((v) => v.isOnline).length,
        vehicles,
      };
    },
  };
}
