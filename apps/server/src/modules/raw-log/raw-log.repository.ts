/** SQL of the raw-logs report: frames newest first, scoped through the device's organisation. */
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { rows as rawRows, type Db } from '../../db/client.ts';
import { devices, rawLogs } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export interface RawLogFilter {
  orgIds: OrgIds;
  imei?: string | undefined;
  from: Date;
  to: Date;
}

/** Totals are counted up to this many rows (a day of a busy fleet is millions; the UI pages anyway). */
export const TOTAL_CAP = 10_000;

function where(filter: RawLogFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    gte(rawLogs.receivedAt, filter.from),
    lt(rawLogs.receivedAt, filter.to),
  ];
  if (filter.imei !== undefined) conditions.push(eq(rawLogs.imei, filter.imei));
  // Frames of unregistered IMEIs belong to no organisation: only SUPER_ADMIN ('all') sees them.
  if (filter.orgIds !== 'all')
    conditions.push(isNotNull(rawLogs.deviceId), orgScope(filter.orgIds, devices.organisationId));
  return and(...conditions);
}

export async function listRawLogs(db: Db, filter: RawLogFilter, page: { offset: number; limit: number }) {
  const condition = where(filter);
  const found = await db
    .select({
      id: rawLogs.id,
      receivedAt: rawLogs.receivedAt,
      imei: rawLogs.imei,
      deviceId: rawLogs.deviceId,
      protocol: rawLogs.protocol,
      remoteAddr: rawLogs.remoteAddr,
      bytes: rawLogs.bytes,
      decodeError: rawLogs.decodeError,
      checksumOk: rawLogs.checksumOk,
    })
    .from(rawLogs)
    .leftJoin(devices, eq(devices.id, rawLogs.deviceId))
    .where(condition)
    .orderBy(desc(rawLogs.receivedAt), desc(rawLogs.id))
    .offset(page.offset)
    .limit(page.limit);
  const capped = db
    .select({ one: sql`1` })
    .from(rawLogs)
    .leftJoin(devices, eq(devices.id, rawLogs.deviceId))
    .where(condition)
    .limit(TOTAL_CAP);
  const [totals] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (${capped}) capped`);
  return { rows: found, total: totals?.n ?? 0 };
}
