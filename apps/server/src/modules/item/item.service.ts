/**
 * RFID / QR items, organisation-scoped and audited. A tag's code is unique among the organisation's live tags
 * (case-insensitive, 409 otherwise); it hangs on a vehicle or a POI of its own organisation, or on nothing yet.
 */
import type { Item, ItemInput, ItemKind, ItemListQuery, ListPage, Vehicle } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/list-query.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { resolveOwnerOrganisation } from '../organisation/owner-organisation.ts';
import { toId, type Actor } from '../organisation/scope.ts';
import { findVehicle } from '../vehicle/vehicle.repository.ts';
import { toVehicle } from '../vehicle/vehicle.service.ts';
import * as repo from './item.repository.ts';
import { isLiveVehicleOf } from '../vehicle/vehicle.repository.ts';

export const ITEM_NOT_FOUND = 'Item not found.';
export const ITEM_CODE_TAKEN = 'A tag with this code already exists';
export const ITEM_NO_VEHICLE = 'This tag is not attached to a vehicle.';

function toItem(row: repo.ItemRecord): Item {
  const i = row.item;
  return {
    id: String(i.id),
    organisationId: String(i.organisationId),
    code: i.code,
    kind: i.kind as ItemKind,
    description: i.description,
    vehicle:
      i.vehicleId === null || row.vehicleRegistration === null
        ? null
        : { id: String(i.vehicleId), registrationNumber: row.vehicleRegistration },
    poi: i.poiId === null || row.poiName === null ? null : { id: String(i.poiId), name: row.poiName },
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

export function createItemService({ db }: { db: Db }) {
  async function visible(auth: AuthContext, id: bigint): Promise<repo.ItemRecord> {
    const row = await repo.findItem(db, id, auth.orgIds);
    if (!row) throw new NotFoundError(ITEM_NOT_FOUND);
    return row;
  }

  async function values(organisationId: bigint, input: ItemInput, exceptId?: bigint) {
    if (await repo.codeTaken(db, organisationId, input.code, exceptId))
      throw new ConflictError(ITEM_CODE_TAKEN, { code: ITEM_CODE_TAKEN });
    const vehicleId = input.vehicleId ? toId(input.vehicleId) : null;
    const poiId = input.poiId ? toId(input.poiId) : null;
    if (vehicleId !== null && !(await isLiveVehicleOf(db, organisationId, vehicleId))) {
      const message = "The vehicle must be a vehicle of the tag's organisation";
      throw new BadRequestError(message, { vehicleId: message });
    }
    if (poiId !== null && !(await repo.isLivePoiOf(db, organisationId, poiId))) {
      const message = "The POI must be a POI of the tag's organisation";
      throw new BadRequestError(message, { poiId: message });
    }
    return { code: input.code, kind: input.kind, description: input.description ?? null, vehicleId, poiId };
  }

  const audit = (tx: Db, actor: Actor, action: string, organisationId: bigint, id: bigint, detail: object) =>
    recordAudit(tx, {
      action,
      actorUserId: actor.auth.userId,
      organisationId,
      entity: 'item',
      entityId: id,
      detail: { ...detail },
      ip: actor.ip,
    });

  return {
    async list(auth: AuthContext, query: ItemListQuery): Promise<ListPage<Item>> {
      const opt = (v: string | undefined) => (v === undefined ? undefined : toId(v));
      const page = await repo.listItems(
        db,
        {
          orgIds: auth.orgIds,
          organisationId: opt(query.organisationId),
          kind: query.kind,
          vehicleId: opt(query.vehicleId),
          poiId: opt(query.poiId),
        },
        query,
      );
      return mapPage(page, toItem);
    },

    async get(auth: AuthContext, id: bigint): Promise<Item> {
      return toItem(await visible(auth, id));
    },

    /** "See attached vehicle": the vehicle the tag is on, as GET /vehicle/:id answers it. */
    async attachedVehicle(auth: AuthContext, id: bigint): Promise<Vehicle> {
      const row = await visible(auth, id);
      const vehicle =
        row.item.vehicleId === null ? undefined : await findVehicle(db, row.item.vehicleId, auth.orgIds);
      if (!vehicle) throw new NotFoundError(ITEM_NO_VEHICLE);
      return toVehicle(vehicle);
    },

    async create(actor: Actor, input: ItemInput): Promise<Item> {
      const organisationId = await resolveOwnerOrganisation(db, actor.auth, input.organisationId);
      const row = await values(organisationId, input);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertItem(tx, { organisationId, ...row });
        await audit(tx, actor, 'item.created', organisationId, newId, { code: row.code, kind: row.kind });
        return newId;
      });
      return this.get(actor.auth, id);
    },

    async update(actor: Actor, id: bigint, input: ItemInput): Promise<Item> {
      const current = await visible(actor.auth, id);
      const organisationId = current.item.organisationId;
      if (input.organisationId !== undefined && toId(input.organisationId) !== organisationId)
        throw new BadRequestError('A tag cannot move to another organisation', {
          organisationId: 'A tag cannot move to another organisation',
        });
      const row = await values(organisationId, input, id);
      await db.transaction(async (tx) => {
        await repo.updateItem(tx, id, row);
        await audit(tx, actor, 'item.updated', organisationId, id, {
          before: { code: current.item.code, vehicleId: current.item.vehicleId?.toString() ?? null },
          after: { code: row.code, vehicleId: row.vehicleId?.toString() ?? null },
        });
      });
      return this.get(actor.auth, id);
    },

    async remove(actor: Actor, id: bigint): Promise<void> {
      const current = await visible(actor.auth, id);
      await db.transaction(async (tx) => {
        await repo.updateItem(tx, id, { deleted: true });
        await audit(tx, actor, 'item.deleted', current.item.organisationId, id, { code: current.item.code });
      });
    },
  };
}
