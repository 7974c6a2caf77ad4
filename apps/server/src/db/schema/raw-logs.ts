import { sql } from 'drizzle-orm';
import { boolean, customType, index, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
import { ref, timestamptz } from './columns.ts';

/** bytea as a Node Buffer (pg and PGlite both accept a Buffer/Uint8Array parameter). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Identity columns on partitioned tables need PostgreSQL 17; a plain sequence works on 15 and PGlite alike. */
export const rawLogsIdSeq = pgSequence('raw_logs_id_seq');

/**
 * Every frame a device sent, as received (plus decode problems), for the raw-logs report and the debug page.
 * PARTITION BY RANGE (received_at) monthly like positions (hand-written DDL in drizzle/0003_positions.sql);
 * retention drops partitions. Hex/text renderings are computed when read, never stored.
 */
export const rawLogs = pgTable(
  'raw_logs',
  {
    id: ref('id')
      .notNull()
      .default(sql`nextval('raw_logs_id_seq')`),
    receivedAt: timestamptz('received_at').notNull(),
    deviceId: ref('device_id'),
    imei: text('imei'),
    protocol: text('protocol').notNull(),
    remoteAddr: text('remote_addr'),
    bytes: bytea('bytes').notNull(),
    decodeError: text('decode_error'),
    checksumOk: boolean('checksum_ok'),
  },
  (t) => [index('raw_logs_imei_received_idx').on(t.imei, t.receivedAt)],
);
