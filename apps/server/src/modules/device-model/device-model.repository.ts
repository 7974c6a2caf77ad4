/** SQL of device models (a platform-wide catalogue; hard delete). */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { deviceModels } from '../../db/schema/index.ts';

export type DeviceModelRow = typeof deviceModels.$inferSelect;
export type NewDeviceModel = typeof deviceModels.$inferInsert;

const list: ListDefinition<'name' | 'manufacturer' | 'protocol' | 'createdAt'> = {
  searchable: [deviceModels.name, deviceModels.manufacturer],
  sortable: {
    name: deviceModels.name,
    manufacturer: deviceModels.manufacturer,
    protocol: deviceModels.protocol,
    createdAt: deviceModels.createdAt,
  },
  defaultOrder: [asc(deviceModels.name)],
  tieBreaker: deviceModels.id,
};

export async function listDeviceModels(db: Db, filter: { protocol?: string | undefined }, query: ListQuery) {
  const conditions: Array<SQL | undefined> = [];
  if (filter.protocol !== undefined) conditions.push(eq(deviceModels.protocol, filter.protocol));
  return runList(
    planList(list, query),
    and(...conditions),
    db.select().from(deviceModels).$dynamic(),
    db.select(countSelection()).from(deviceModels).$dynamic(),
  );
}

export async function findDeviceModel(db: Db, id: bigint): Promise<DeviceModelRow | undefined> {
  const [row] = await db.select().from(deviceModels).where(eq(deviceModels.id, id)).limit(1);
  return row;
}

/** Another model with this name (case-insensitive), if any. */
export async function findByName(db: Db, name: string): Promise<DeviceModelRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceModels)
    .where(sql`lower(${deviceModels.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertDeviceModel(db: Db, values: NewDeviceModel): Promise<bigint> {
  const [row] = await db.insert(deviceModels).values(values).returning({ id: deviceModels.id });
  if (!row) throw new Error('device model insert returned no row');
  return row.id;
}

export async function updateDeviceModel(db: Db, id: bigint, values: Partial<NewDeviceModel>): Promise<void> {
  await db
    .update(deviceModels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(deviceModels.id, id));
}

export async function deleteDeviceModel(db: Db, id: bigint): Promise<void> {
  await db.delete(deviceModels).where(eq(deviceModels.id, id));
}
