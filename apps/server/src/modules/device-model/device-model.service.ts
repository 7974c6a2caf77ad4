/**
 * Device models: a catalogue every holder of the module reads (manufacturers, inventory, organisations); writes need
 * the module's actions and are audited. Names are unique platform-wide (409 otherwise). Only the organisation that
 * added a model (or one above it) may edit or delete it; to anyone else it answers 404 on writes, as records outside
 * the scope do. Platform models (no organisation) are SUPER_ADMIN's.
 */
import type { DeviceModel, DeviceModelInput, DeviceModelListQuery, ListPage } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { canSeeOrganisation, type Actor } from '../organisation/scope.ts';
import * as repo from './device-model.repository.ts';

export const DEVICE_MODEL_NOT_FOUND = 'Device model not found.';
export const DEVICE_MODEL_NAME_TAKEN = 'A device model with this name already exists';

function toDeviceModel(row: repo.DeviceModelRow): DeviceModel {
  return {
    id: String(row.id),
    organisationId: row.organisationId === null ? null : String(row.organisationId),
    name: row.name,
    manufacturer: row.manufacturer,
    protocol: row.protocol as DeviceModel['protocol'],
    firmwareVersions: row.firmwareVersions,
    panicButtonCount: row.panicButtonCount,
    tacNumber: row.tacNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const values = (input: DeviceModelInput) => ({
  name: input.name,
  manufacturer: input.manufacturer,
  protocol: input.protocol,
  firmwareVersions: [...new Set(input.firmwareVersions)],
  panicButtonCount: input.panicButtonCount,
  tacNumber: input.tacNumber,
});

export function createDeviceModelService({ db }: { db: Db }) {
  async function found(id: bigint): Promise<repo.DeviceModelRow> {
    const row = await repo.findDeviceModel(db, id);
    if (!row) throw new NotFoundError(DEVICE_MODEL_NOT_FOUND);
    return row;
  }

  async function owned(auth: AuthContext, id: bigint): Promise<repo.DeviceModelRow> {
    const row = await found(id);
    const owner = row.organisationId;
    if (auth.orgIds !== 'all' && (owner === null || !canSeeOrganisation(auth, owner)))
      throw new NotFoundError(DEVICE_MODEL_NOT_FOUND);
    return row;
  }

  async function checkName(name: string, id?: bigint): Promise<void> {
    const other = await repo.findByName(db, name);
    if (other && other.id !== id)
      throw new ConflictError(DEVICE_MODEL_NAME_TAKEN, { name: DEVICE_MODEL_NAME_TAKEN });
  }

  return {
    async list(_auth: AuthContext, query: DeviceModelListQuery): Promise<ListPage<DeviceModel>> {
      return mapPage(await repo.listDeviceModels(db, { protocol: query.protocol }, query), toDeviceModel);
    },

    async get(id: bigint): Promise<DeviceModel> {
      return toDeviceModel(await found(id));
    },

    async create({ auth, ip }: Actor, input: DeviceModelInput): Promise<DeviceModel> {
      await checkName(input.name);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertDeviceModel(tx, {
          organisationId: auth.organisationId,
          ...values(input),
        });
        await recordAudit(tx, {
          action: 'device-model.created',
          actorUserId: auth.userId,
          organisationId: auth.organisationId,
          entity: 'device-model',
          entityId: newId,
          detail: { name: input.name, protocol: input.protocol },
          ip,
        });
        return newId;
      });
      return this.get(id);
    },

    async update({ auth, ip }: Actor, id: bigint, input: DeviceModelInput): Promise<DeviceModel> {
      const current = await owned(auth, id);
      await checkName(input.name, id);
      await db.transaction(async (tx) => {
        await repo.updateDeviceModel(tx, id, values(input));
        await recordAudit(tx, {
          action: 'device-model.updated',
          actorUserId: auth.userId,
          organisationId: current.organisationId,
          entity: 'device-model',
          entityId: id,
          detail: { before: { name: current.name }, after: { name: input.name } },
          ip,
        });
      });
      return this.get(id);
    },

    async remove({ auth, ip }: Actor, id: bigint): Promise<void> {
      const current = await owned(auth, id);
      await db.transaction(async (tx) => {
        await repo.deleteDeviceModel(tx, id);
        await recordAudit(tx, {
          action: 'device-model.deleted',
          actorUserId: auth.userId,
          organisationId: current.organisationId,
          entity: 'device-model',
          entityId: id,
          detail: { name: current.name },
          ip,
        });
      });
    },
  };
}
