import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';

/**
 * Tracker models (spec 01 §2.6 device-model): a catalogue shared across organisations (names are unique platform-wide,
 * case-insensitively); `organisation_id` is who added it (null = platform). Hard-deleted: nothing references it yet.
 */
export const deviceModels = pgTable(
  'device_models',
  {
    id: id(),
    organisationId: ref('organisation_id').references(() => organisations.id),
    name: text('name').notNull(),
    manufacturer: text('manufacturer').notNull(),
    protocol: text('protocol').notNull(),
    firmwareVersions: jsonb('firmware_versions').$type<string[]>().notNull().default([]),
    panicButtonCount: integer('panic_button_count').notNull().default(1),
    /** AIS-140 Type Approval Certificate number (issued by ARAI/ICAT for the model), printed on fitment certificates. */
    tacNumber: text('tac_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('device_models_name_uq').on(sql`lower(${t.name})`),
    check('device_models_protocol_chk', sql`${t.protocol} in ('ais140', 'gt06', 'teltonika')`),
    check('device_models_panic_chk', sql`${t.panicButtonCount} >= 0`),
  ],
);
