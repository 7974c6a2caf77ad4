import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { pois } from './pois.ts';
import { vehicles } from './vehicles.ts';

/**
 * RFID / QR tags (spec 01 §2.6 item; §9 QR/RFID): on a vehicle (identifies it at a weighbridge or gate) or on a POI
 * (a collection point a vehicle scans). Code unique per organisation among live tags, case-insensitively.
 */
export const items = pgTable(
  'items',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    description: text('description'),
    vehicleId: ref('vehicle_id').references(() => vehicles.id),
    poiId: ref('poi_id').references(() => pois.id),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('items_org_code_uq')
      .on(t.organisationId, sql`upper(${t.code})`)
      .where(sql`not ${t.deleted}`),
    index('items_vehicle_idx').on(t.vehicleId),
    check('items_kind_chk', sql`${t.kind} in ('QR', 'RFID')`),
    check('items_target_chk', sql`${t.vehicleId} is null or ${t.poiId} is null`),
  ],
);
