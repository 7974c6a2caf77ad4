/**
 * The writer's statements, one builder per table. positions and raw_logs go by binary COPY (unnest INSERT where the
 * executor has no COPY); the state tables are INSERT/UPDATE … FROM unnest($1::type[], …) statements (research/stack.md
 * §6: Drizzle's builder costs 2–3× on this path; sql-values.ts unnestInsert) that the writer sends together with the
 * derive tables' statements in ONE round trip (sql-client.ts queryAll), in the order of writeState() (writer.ts).
 */
import { isAlertDeskType } from '@civicfleet/shared';
import type { Batch } from './batch.ts';
import type {
  DriverTagReadRow,
  EventRow,
  EventUpdate,
  LatestRow,
  PositionRow,
  RawLogRow,
  UnknownDeviceRow,
} from './rows.ts';
import type { SqlExecutor, SqlStatement } from './sql-client.ts';
import {
  CopyBinaryWriter,
  int16,
  json,
  num,
  text,
  unnestInsert,
  unnestOf,
  unnestStatements,
  type Column,
} from './sql-values.ts';

const copyStatement = <R>(table: string, columns: readonly Column<R>[]): string =>
  `COPY ${table} (${columns.map(([name]) => name).join(',')})`;

async function insertUnnest<R>(
  tx: SqlExecutor,
  statement: string,
  columns: readonly Column<R>[],
  rows: readonly R[],
): Promise<void> {
  for (const { text, params } of unnestStatements(statement, columns, rows)) await tx.query(text, params);
}

const POSITION_COLUMNS: readonly Column<PositionRow>[] = [
  ['device_id', 'bigint', 'number', (p) => p.deviceId],
  ['fixed_at', 'timestamptz', 'time', (p) => p.fixedAt],
  ['server_at', 'timestamptz', 'time', (p) => p.serverAt],
  ['vehicle_id', 'bigint', 'number', (p) => p.vehicleId],
  ['lat', 'float8', 'number', (p) => num(p.lat)],
  ['lon', 'float8', 'number', (p) => num(p.lon)],
  ['speed_kph', 'real', 'number', (p) => num(p.speedKph)],
  ['heading_deg', 'real', 'number', (p) => num(p.headingDeg)],
  ['altitude_m', 'real', 'number', (p) => num(p.altitudeM)],
  ['satellites', 'smallint', 'number', (p) => int16(p.satellites)],
  ['hdop', 'real', 'number', (p) => num(p.hdop)],
  ['gps_valid', 'boolean', 'boolean', (p) => p.gpsValid],
  ['ignition', 'boolean', 'boolean', (p) => p.ignition],
  ['motion', 'boolean', 'boolean', (p) => p.motion],
  ['main_power', 'boolean', 'boolean', (p) => p.mainPower],
  ['main_voltage_v', 'real', 'number', (p) => num(p.mainVoltageV)],
  ['battery_voltage_v', 'real', 'number', (p) => num(p.batteryVoltageV)],
  ['gsm_signal', 'smallint', 'number', (p) => int16(p.gsmSignal)],
  ['distance_m', 'real', 'number', (p) => num(p.distanceM)],
  ['odometer_m', 'float8', 'number', (p) => num(p.odometerM)],
  ['history', 'boolean', 'boolean', (p) => p.history],
  ['attrs', 'jsonb', 'text', (p) => json(p.attrs)],
];
const INSERT_POSITIONS = unnestInsert('positions', POSITION_COLUMNS, 'ON CONFLICT DO NOTHING');
const COPY_POSITIONS = copyStatement('positions', POSITION_COLUMNS);
const COPY_POSITIONS_STAGE = copyStatement('positions_stage', POSITION_COLUMNS);

/** Fixed-size bytes of one position tuple at most (2 + 21 fields × ≤ 12); attrs reserve for themselves. */
const POSITION_FIXED_BYTES = 2 + 21 * 12;

/**
 * The rows as the COPY data insertPositions() sends (built before the transaction: see writer.ts), in
 * POSITION_COLUMNS order, written field by field into one growing buffer (no per-value dispatch or closure: this
 * runs for every position).
 */
export function positionsCopyData(rows: readonly PositionRow[]): Buffer {
  const w = new CopyBinaryWriter(rows.length * 200 + 64);
  appendPositions(w, rows, 0, rows.length);
  return w.finish();
}

/** Appends rows[from, to) to a positions COPY stream (the writer encodes big batches in slices: encodeSliced). */
export function appendPositions(
  w: CopyBinaryWriter,
  rows: readonly PositionRow[],
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const p = rows[i] as PositionRow;
    w.reserve(POSITION_FIXED_BYTES);
    w.tuple(22);
    w.int8(p.deviceId);
    w.timestamptz(p.fixedAt);
    w.timestamptz(p.serverAt);
    w.int8(p.vehicleId);
    w.float8(p.lat);
    w.float8(p.lon);
    w.float4(p.speedKph);
    w.float4(p.headingDeg);
    w.float4(p.altitudeM);
    w.int2(p.satellites);
    w.float4(p.hdop);
    w.bool(p.gpsValid);
    w.bool(p.ignition);
    w.bool(p.motion);
    w.bool(p.mainPower);
    w.float4(p.mainVoltageV);
    w.float4(p.batteryVoltageV);
    w.int2(p.gsmSignal);
    w.float4(p.distanceM);
    w.float8(p.odometerM);
    w.bool(p.history);
    w.text(json(p.attrs), true);
  }
}

/**
 * Rows a flush encodes (or whose state statements it builds) before it yields to the event loop: ~5–10 ms of CPU.
 * Batches up to this size are written without yielding (writer.ts).
 */
export const SLICE_ROWS = 2000;

/**
 * The COPY stream of `rows` built `sliceRows` at a time (append: appendPositions, appendRawLogs), awaiting `between`
 * between slices (the writer yields to the event loop there): the same bytes as one pass.
 */
export async function copyDataSliced<R>(
  rows: readonly R[],
  bytesPerRow: number,
  append: (w: CopyBinaryWriter, rows: readonly R[], from: number, to: number) => void,
  between: () => Promise<void>,
  sliceRows = SLICE_ROWS,
): Promise<Buffer> {
  const w = new CopyBinaryWriter(rows.length * bytesPerRow + 64);
  for (let from = 0; from < rows.length; from += sliceRows) {
    if (from > 0) await between();
    append(w, rows, from, Math.min(rows.length, from + sliceRows));
  }
  return w.finish();
}

/** The positions COPY hit a row already stored (a resend): the writer retries the batch with `dedupe`. */
export class DuplicatePositionsError extends Error {
  constructor(cause: unknown) {
    super('positions COPY: duplicate (device_id, fixed_at)', { cause });
  }
}

/**
 * Exact duplicates (same device and fix time) are ignored: devices resend what we did not ack in time. COPY has no
 * ON CONFLICT, so the common case COPies straight into positions (one pass, no speculative insertion) and a unique
 * violation throws DuplicatePositionsError, which aborts the transaction; the writer then runs it again with
 * `dedupe`, where the same rows go through a temporary staging table and `INSERT … ON CONFLICT DO NOTHING`.
 * (A savepoint around the COPY would avoid the retry but costs two round trips on every batch.)
 */
export async function insertPositions(
  tx: SqlExecutor,
  rows: readonly PositionRow[],
  data: Buffer | null = null,
  dedupe = false,
): Promise<void> {
  if (!tx.copyBinary) return insertUnnest(tx, INSERT_POSITIONS, POSITION_COLUMNS, rows);
  const copy = data ?? positionsCopyData(rows);
  if (dedupe) {
    await tx.query(
      'CREATE TEMP TABLE IF NOT EXISTS positions_stage (LIKE positions INCLUDING DEFAULTS) ON COMMIT DELETE ROWS',
    );
    await tx.copyBinary(COPY_POSITIONS_STAGE, copy);
    await tx.query('INSERT INTO positions SELECT * FROM positions_stage ON CONFLICT DO NOTHING');
    return;
  }
  try {
    await tx.copyBinary(COPY_POSITIONS, copy);
  } catch (error) {
    throw sqlState(error) === UNIQUE_VIOLATION ? new DuplicatePositionsError(error) : error;
  }
}

/**
 * positions and raw_logs (either may be null: no rows) in one round trip where the engine can (`copyBinaryAll`,
 * PostgreSQL); returns false when it cannot (the caller then uses insertPositions and insertRawLogs). A unique
 * violation can only come from positions: DuplicatePositionsError, as there.
 */
export async function copyCoreTables(
  tx: SqlExecutor,
  positions: Buffer | null,
  rawLogs: Buffer | null,
): Promise<boolean> {
  if (!tx.copyBinaryAll) return false;
  const copies = [];
  if (positions) copies.push({ copy: COPY_POSITIONS, data: positions });
  if (rawLogs) copies.push({ copy: COPY_RAW_LOGS, data: rawLogs });
  try {
    await tx.copyBinaryAll(copies);
  } catch (error) {
    throw sqlState(error) === UNIQUE_VIOLATION ? new DuplicatePositionsError(error) : error;
  }
  return true;
}

const UNIQUE_VIOLATION = '23505';

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const RAW_COLUMNS: readonly Column<RawLogRow>[] = [
  ['received_at', 'timestamptz', 'time', (r) => r.receivedAt],
  ['device_id', 'bigint', 'number', (r) => r.deviceId],
  ['imei', 'text', 'text', (r) => text(r.imei)],
  ['protocol', 'text', 'text', (r) => r.protocol],
  ['remote_addr', 'text', 'text', (r) => text(r.remoteAddr)],
  ['bytes', 'bytea', 'bytea', (r) => r.bytes],
  ['decode_error', 'text', 'text', (r) => text(r.decodeError)],
  ['checksum_ok', 'boolean', 'boolean', (r) => r.checksumOk],
];
const INSERT_RAW_LOGS = unnestInsert('raw_logs', RAW_COLUMNS);
const COPY_RAW_LOGS = copyStatement('raw_logs', RAW_COLUMNS);

/** The raw_logs COPY data, in RAW_COLUMNS order (see positionsCopyData). */
export function rawLogsCopyData(rows: readonly RawLogRow[]): Buffer {
  const w = new CopyBinaryWriter(rows.length * 160 + 64);
  appendRawLogs(w, rows, 0, rows.length);
  return w.finish();
}

/** Appends rows[from, to) to a raw_logs COPY stream (see appendPositions). */
export function appendRawLogs(
  w: CopyBinaryWriter,
  rows: readonly RawLogRow[],
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const r = rows[i] as RawLogRow;
    w.reserve(2 + 2 * 12);
    w.tuple(8);
    w.timestamptz(r.receivedAt);
    w.int8(r.deviceId);
    w.text(text(r.imei));
    w.text(r.protocol);
    w.text(text(r.remoteAddr));
    w.bytea(r.bytes);
    w.text(text(r.decodeError));
    w.reserve(5);
    w.bool(r.checksumOk);
  }
}

export async function insertRawLogs(
  tx: SqlExecutor,
  rows: readonly RawLogRow[],
  data: Buffer | null = null,
): Promise<void> {
  if (tx.copyBinary) return tx.copyBinary(COPY_RAW_LOGS, data ?? rawLogsCopyData(rows));
  await insertUnnest(tx, INSERT_RAW_LOGS, RAW_COLUMNS, rows);
}

const LATEST_COLUMNS: readonly Column<LatestRow>[] = [
  ['device_id', 'bigint', 'number', (l) => l.deviceId],
  ['vehicle_id', 'bigint', 'number', (l) => l.vehicleId],
  ['organisation_id', 'bigint', 'number', (l) => l.organisationId],
  ['fixed_at', 'timestamptz', 'time', (l) => l.fixedAt],
  ['server_at', 'timestamptz', 'time', (l) => l.serverAt],
  ['lat', 'float8', 'number', (l) => num(l.lat)],
  ['lon', 'float8', 'number', (l) => num(l.lon)],
  ['speed_kph', 'real', 'number', (l) => num(l.speedKph)],
  ['heading_deg', 'real', 'number', (l) => num(l.headingDeg)],
  ['altitude_m', 'real', 'number', (l) => num(l.altitudeM)],
  ['satellites', 'smallint', 'number', (l) => int16(l.satellites)],
  ['gps_valid', 'boolean', 'boolean', (l) => l.gpsValid],
  ['ignition', 'boolean', 'boolean', (l) => l.ignition],
  ['motion', 'boolean', 'boolean', (l) => l.motion],
  ['main_power', 'boolean', 'boolean', (l) => l.mainPower],
  ['main_voltage_v', 'real', 'number', (l) => num(l.mainVoltageV)],
  ['battery_voltage_v', 'real', 'number', (l) => num(l.batteryVoltageV)],
  ['gsm_signal', 'smallint', 'number', (l) => int16(l.gsmSignal)],
  ['odometer_m', 'float8', 'number', (l) => num(l.odometerM)],
  ['status', 'text', 'text', (l) => l.status],
  ['status_since', 'timestamptz', 'time', (l) => l.statusSince],
  ['last_packet_at', 'timestamptz', 'time', (l) => l.lastPacketAt],
];

/** Upsert; the guard keeps a row from ever moving back to an older fix (e.g. two gateways, one of them behind). */
const UPSERT_LATEST = unnestInsert(
  'device_latest',
  LATEST_COLUMNS,
  `ON CONFLICT (device_id) DO UPDATE SET ${LATEST_COLUMNS.filter(([name]) => name !== 'device_id')
    .map(([name]) => `${name} = excluded.${name}`)
    .join(', ')}
   WHERE coalesce(excluded.fixed_at, '-infinity') >= coalesce(device_latest.fixed_at, '-infinity')`,
);

/** device_latest upserts of `rows` (a batch's `latest` values, one per device: any slice of them on its own). */
export function latestStatements(rows: readonly LatestRow[]): SqlStatement[] {
  return unnestStatements(UPSERT_LATEST, LATEST_COLUMNS, rows);
}

const SEEN_COLUMNS: readonly Column<readonly [bigint, Date]>[] = [
  ['id', 'bigint', 'number', ([deviceId]) => deviceId],
  ['at', 'timestamptz', 'time', ([, at]) => at],
];
const UPDATE_LAST_SEEN = `UPDATE devices d SET last_seen_at = greatest(d.last_seen_at, v.at)
  FROM ${unnestOf(SEEN_COLUMNS)} AS v(id, at) WHERE d.id = v.id`;

export function lastSeenStatements(batch: Batch): SqlStatement[] {
  return unnestStatements(UPDATE_LAST_SEEN, SEEN_COLUMNS, [...batch.seenDevices]);
}

const EVENT_UPDATE_COLUMNS: readonly Column<EventUpdate>[] = [
  ['device_id', 'bigint', 'number', (u) => u.deviceId],
  ['type', 'text', 'text', (u) => u.type],
  ['last_at', 'timestamptz', 'time', (u) => u.lastAt],
  ['repeat_count', 'int', 'number', (u) => u.repeatCount],
  ['ended_at', 'timestamptz', 'time', (u) => u.endedAt],
];
const UPDATE_EVENTS = `UPDATE events e SET last_at = greatest(e.last_at, v.last_at),
    repeat_count = greatest(e.repeat_count, v.repeat_count), ended_at = v.ended_at
  FROM ${unnestOf(EVENT_UPDATE_COLUMNS)} AS v(device_id, type, last_at, repeat_count, ended_at)
  WHERE e.device_id = v.device_id AND e.type = v.type AND e.ended_at IS NULL`;

/** Repeats and closes of alerts opened by earlier batches (before the inserts: a close frees the open slot). */
export function eventUpdateStatements(batch: Batch): SqlStatement[] {
  return unnestStatements(UPDATE_EVENTS, EVENT_UPDATE_COLUMNS, [...batch.eventUpdates.values()]);
}

const EVENT_COLUMNS: readonly Column<EventRow>[] = [
  ['device_id', 'bigint', 'number', (e) => e.deviceId],
  ['vehicle_id', 'bigint', 'number', (e) => e.vehicleId],
  ['organisation_id', 'bigint', 'number', (e) => e.organisationId],
  ['type', 'text', 'text', (e) => text(e.type)],
  ['started_at', 'timestamptz', 'time', (e) => e.startedAt],
  ['ended_at', 'timestamptz', 'time', (e) => e.endedAt],
  ['last_at', 'timestamptz', 'time', (e) => e.lastAt],
  ['repeat_count', 'int', 'number', (e) => e.repeatCount],
  ['lat', 'float8', 'number', (e) => num(e.lat)],
  ['lon', 'float8', 'number', (e) => num(e.lon)],
  ['late', 'boolean', 'boolean', (e) => e.late],
  ['attrs', 'jsonb', 'text', (e) => json(e.attrs)],
  // The SOS desk's alerts (sos, tamper, wire cut, power cut …) open as 'new'; every other alert has no desk status.
  ['desk_status', 'text', 'text', (e) => (isAlertDeskType(e.type) ? 'new' : null)],
];

/**
 * New alerts. An alert of the same type already open for the device (another process, or state lost in a failed
 * batch) is not duplicated: the partial unique index events_open_uq turns it into DO NOTHING.
 */
const INSERT_EVENTS = unnestInsert(
  'events',
  EVENT_COLUMNS,
  `ON CONFLICT (device_id, type) WHERE ended_at IS NULL DO NOTHING
   RETURNING id::text AS id, device_id::text AS device_id, type, started_at, late`,
);

export function eventInsertStatements(batch: Batch): SqlStatement[] {
  return unnestStatements(INSERT_EVENTS, EVENT_COLUMNS, batch.newEvents);
}

export interface InsertedEvent {
  id: string;
  row: EventRow;
}

interface ReturnedEvent {
  id: string;
  device_id: string;
  type: string;
  started_at: Date | string;
  late: boolean;
}

/** The batch's new events that were inserted, from the RETURNING rows of eventInsertStatements (in any order). */
export function insertedEvents(batch: Batch, returned: readonly unknown[]): InsertedEvent[] {
  const inserted: InsertedEvent[] = [];
  for (const r of returned as readonly ReturnedEvent[]) {
    const row = batch.newEvents.find(
      (e) =>
        String(e.deviceId) === r.device_id &&
        e.type === r.type &&
        e.late === r.late &&
        e.startedAt.getTime() === new Date(r.started_at).getTime(),
    );
    if (row) inserted.push({ id: r.id, row });
  }
  return inserted;
}

const UNKNOWN_COLUMNS: readonly Column<UnknownDeviceRow>[] = [
  ['imei', 'text', 'text', (u) => text(u.imei)],
  ['protocol', 'text', 'text', (u) => u.protocol],
  ['first_seen_at', 'timestamptz', 'time', (u) => u.firstSeenAt],
  ['last_seen_at', 'timestamptz', 'time', (u) => u.lastSeenAt],
  ['packets', 'int', 'number', (u) => u.packets],
  ['remote_addr', 'text', 'text', (u) => text(u.remoteAddr)],
];
const UPSERT_UNKNOWN = unnestInsert(
  'unknown_devices',
  UNKNOWN_COLUMNS,
  `ON CONFLICT (imei) DO UPDATE SET protocol = excluded.protocol, remote_addr = excluded.remote_addr,
     last_seen_at = greatest(unknown_devices.last_seen_at, excluded.last_seen_at),
     packets = unknown_devices.packets + excluded.packets`,
);

export function unknownDeviceStatements(batch: Batch): SqlStatement[] {
  return unnestStatements(UPSERT_UNKNOWN, UNKNOWN_COLUMNS, [...batch.unknownDevices.values()]);
}

const DRIVER_TAG_COLUMNS: readonly Column<DriverTagReadRow>[] = [
  ['device_id', 'bigint', 'number', (r) => r.deviceId],
  ['vehicle_id', 'bigint', 'number', (r) => r.vehicleId],
  ['organisation_id', 'bigint', 'number', (r) => r.organisationId],
  ['tag', 'text', 'text', (r) => text(r.tag)],
  ['read_at', 'timestamptz', 'time', (r) => r.readAt],
  ['lat', 'float8', 'number', (r) => num(r.lat)],
  ['lon', 'float8', 'number', (r) => num(r.lon)],
];
/** A replayed frame (resent after a lost ack) reads the same (device, read_at, tag): stored once. */
const INSERT_DRIVER_TAG_READS = unnestInsert(
  'driver_tag_reads',
  DRIVER_TAG_COLUMNS,
  'ON CONFLICT (device_id, read_at, tag) DO NOTHING',
);

export function driverTagReadStatements(batch: Batch): SqlStatement[] {
  return unnestStatements(INSERT_DRIVER_TAG_READS, DRIVER_TAG_COLUMNS, batch.driverTagReads);
}
