/**
 * Raw Logs Report (docs/reports.md "## raw-logs"): every frame ONE device sent over at most one day, as received —
 * the only report that reads raw packets. The device is the one with the chosen IMEI (visible to the caller: the
 * device's organisation inside the report's scope), or the devices linked to the chosen vehicle during the range
 * (each for its linked part). Frames are re-decoded with the raw-log module's decoder for the summary and the full
 * decoded JSON (hidden column `decoded`, shown by the page on a row). raw_logs is partitioned by month on
 * received_at; the constant bounds let the planner prune.
 */
import { sqlIdList } from '../engine/sql-lists.ts';
import { requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { decodeFrame } from '../../raw-log/raw-log.decode.ts';
import type { ReportDefinition, ReportScope } from '../engine/types.ts';
import { iso } from './alerts-common.ts';

const PAGE = 2000;

interface FrameRow {
  id: string;
  received_at: string | Date;
  protocol: string;
  imei: string | null;
  bytes: Buffer | Uint8Array;
  decode_error: string | null;
  checksum_ok: boolean | null;
}

/** Printable frames (AIS-140 is ASCII) as text, binary ones (GT06, Teltonika) as hex. */
export function rawText(bytes: Uint8Array): string {
  const printable = bytes.every((b) => b === 0x0d || b === 0x0a || b === 0x09 || (b >= 0x20 && b < 0x7f));
  return printable ? Buffer.from(bytes).toString('latin1').trimEnd() : Buffer.from(bytes).toString('hex');
}

type Decoded = Record<string, unknown>;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One line per decoded message: kind, position, speed, ignition, power, alarms ("position 22.71960,75.85770 …"). */
export function summariseMessage(m: Decoded): string {
  const parts: string[] = [String(m.kind ?? 'unknown')];
  const lat = num(m.lat);
  const lon = num(m.lon);
  if (lat !== null && lon !== null && m.gpsValid !== false) parts.push(`${lat.toFixed(5)},${lon.toFixed(5)}`);
  const speed = num(m.speedKph);
  if (speed !== null) parts.push(`${Math.round(speed)} km/h`);
  if (typeof m.ignition === 'boolean') parts.push(m.ignition ? 'ign on' : 'ign off');
  if (m.mainPower === false) parts.push('main power off');
  if (m.history === true) parts.push('history');
  if (m.gpsValid === false) parts.push('no GPS fix');
  if (Array.isArray(m.alarms) && m.alarms.length > 0) parts.push(`alarms: ${m.alarms.join(', ')}`);
  if (typeof m.text === 'string' && m.text) parts.push(`"${m.text}"`);
  return parts.join(' · ');
}

/** Which frames: `imei` and the received_at window of each device of the filter. */
async function frameWindows(
  db: Parameters<typeof rows>[0],
  scope: ReportScope,
  filter: { imei?: string; vehicleId?: string },
): Promise<SQL | null> {
  const from = scope.from.toISOString();
  const to = scope.to.toISOString();
  const orgs = scope.organisationIds;
  const inOrgs =
    orgs === 'all'
      ? sql`true`
      : orgs.length === 0
        ? sql`false`
        : sql`d.organisation_id in (${sqlIdList(orgs)})`;
  if (filter.imei) {
    const [device] = await rows<{ imei: string }>(
      db,
      sql`select d.imei from devices d where d.imei = ${filter.imei} and not d.deleted and ${inOrgs} limit 1`,
    );
    // Invisible and unknown IMEIs look alike: no frames. (Rows stream after the 200 is sent, so a definition cannot
    // answer 404 here; the filter and the vehicle were already checked by the engine before streaming.)
    if (!device) return null;
    const vehicle = filter.vehicleId ? BigInt(filter.vehicleId) : null;
    if (vehicle !== null && !scope.vehicles.some((v) => v.id === vehicle)) return null;
    return sql`(r.imei = ${device.imei} and r.received_at >= ${from}::timestamptz and r.received_at <= ${to}::timestamptz)`;
  }
  const vehicle = scope.vehicles[0];
  if (!vehicle) return null;
  const links = await rows<{ imei: string; lf: string | Date; lt: string | Date }>(
    db,
    sql`select d.imei, greatest(l.linked_at, ${from}::timestamptz) as lf,
               least(coalesce(l.unlinked_at, 'infinity'::timestamptz), ${to}::timestamptz) as lt
          from vehicle_device_links l join devices d on d.id = l.device_id
         where l.vehicle_id = ${vehicle.id} and l.linked_at <= ${to}::timestamptz
           and (l.unlinked_at is null or l.unlinked_at > ${from}::timestamptz)`,
  );
  if (links.length === 0) return null;
  return sql.join(
    links.map(
      (l) =>
        sql`(r.imei = ${l.imei} and r.received_at >= ${iso(l.lf)}::timestamptz and r.received_at <= ${iso(l.lt)}::timestamptz)`,
    ),
    sql` or `,
  );
}

export const rawLogsReport: ReportDefinition<{ imei?: string; vehicleId?: string }> = {
  meta: requireReportMeta('raw-logs'),
  async *run({ db, scope, signal }, filter) {
    const windows = await frameWindows(db, scope, filter);
    if (!windows) {
      yield { rows: [], progress: 1 };
      return;
    }
    const from = scope.from.toISOString();
    const to = scope.to.toISOString();
    const spanMs = Math.max(1, scope.to.getTime() - scope.from.getTime());
    let after: { at: string; id: string } | null = null;
    for (;;) {
      if (signal?.aborted) return;
      const cursor: SQL = after
        ? sql`and (r.received_at, r.id) > (${after.at}::timestamptz, ${BigInt(after.id)})`
        : sql``;
      const found: FrameRow[] = await rows<FrameRow>(
        db,
        sql`select r.id::text as id, r.received_at, r.protocol, r.imei, r.bytes, r.decode_error, r.checksum_ok
              from raw_logs r
             where r.received_at >= ${from}::timestamptz and r.received_at <= ${to}::timestamptz
               and (${windows}) ${cursor}
             order by r.received_at, r.id
             limit ${PAGE}`,
      );
      const out: ReportRow[] = [];
      for (const frame of found) {
        const bytes = Buffer.isBuffer(frame.bytes) ? frame.bytes : Buffer.from(frame.bytes);
        const decoded = decodeFrame(frame.protocol, bytes, frame.imei);
        const kinds = [...new Set((decoded ?? []).map((m) => String(m.kind ?? 'unknown')))];
        const checksum = decoded?.find((m) => typeof m.checksumOk === 'boolean')?.checksumOk;
        out.push({
          receivedAt: iso(frame.received_at),
          protocol: frame.protocol,
          imei: frame.imei,
          kind: kinds.length > 0 ? kinds.join(', ') : null,
          summary: decoded ? decoded.map(summariseMessage).join(' | ') : null,
          checksumOk: frame.checksum_ok ?? (typeof checksum === 'boolean' ? checksum : null),
          decodeError: frame.decode_error,
          raw: rawText(bytes),
          decoded: decoded ? JSON.stringify(decoded) : null,
        });
      }
      const last = found.at(-1);
      const done = found.length < PAGE || !last;
      const lastAt = last ? new Date(last.received_at).getTime() : scope.to.getTime();
      yield { rows: out, progress: done ? 1 : Math.min(0.99, (lastAt - scope.from.getTime()) / spanMs) };
      if (done) return;
      after = { at: new Date(last.received_at).toISOString(), id: last.id };
    }
  },
};
