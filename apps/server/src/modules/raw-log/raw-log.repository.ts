/** SQL of the raw-logs report: frames newest first, scoped through the device's organisation. */
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { ListPage, ListQuery, RawLogSortField } from '@civicfleet/shared';
import { rows as rawRows, type Db } from '../../db/client.ts';
import { planList, type ListDefinition } from '../../db/list-query.ts';
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

const rawLogList: ListDefinition<RawLogSortField> = {
  searchable: [rawLogs.imei, rawLogs.decodeError],
  sortable: { receivedAt: rawLogs.receivedAt, imei: rawLogs.imei, protocol: rawLogs.protocol },
  defaultOrder: [desc(rawLogs.receivedAt)],
  tieBreaker: rawLogs.id,
};

/**
 * One page of frames. Planned like every list (list-query.ts), but run here: the total is counted up to TOTAL_CAP
 * rows instead of count(*) over a partitioned table holding millions of rows a day.
 */
export async function listRawLogs(db: Db, filter: RawLogFilter, query: ListQuery) {
  const plan = planList(rawLogList, query);
  const condition = and(where(filter), plan.search);
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
    .orderBy(...plan.orderBy)
    .offset(plan.offset)
    .limit(plan.limit);
  const capped = db
    .select({ one: sql`1` })
    .from(rawLogs)
    .leftJoin(devices, eq(devices.id, rawLogs.deviceId))
    .where(condition)
    .limit(TOTAL_CAP);
  const [totals] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (${capped}) capped`);
  const page: ListPage<(typeof found)[number]> = {
    items: found,
    total: totals?.n ?? 0,
    page: plan.page,
    pageSize: plan.pageSize,
  };
  return page;
}

/** The newest `limit` frames of one device (device details page), whatever their age. */
export async function latestRawLogsOfDevice(db: Db, device: { id: bigint; imei: string }, limit: number) {
  return (
    db
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
      // By IMEI first: raw_logs_imei_received_idx serves it on every partition.
      .where(and(eq(rawLogs.imei, device.imei), eq(rawLogs.deviceId, device.id)))
      .orderBy(desc(rawLogs.receivedAt), desc(rawLogs.id))
      .limit(limit)
  );
}
