/**
 * Offline detection (docs/derivations.md "Motion"): every minute, devices whose last packet is older than
 * `offlineAfterS` get their open interval closed at the last fix and an offline interval opened from there
 * (`tickDevice` → `closeForOffline`), written to state_intervals with ended_at null, plus one open 'offline' event
 * with the reason device_latest suggests. The gateway's derive stage ends both when the next fix arrives (same
 * interval row, keyed by device and start). Once per episode: a device already offline is skipped, and the open-event
 * unique index holds across several workers.
 *
 * The same run closes SOS alerts nobody pressed again for `sosQuietS` at their last press (`expireAlerts`, the rule
 * the gateway's alert stage applies at the device's next frame), so a device that fell silent after an SOS does not
 * leave it open; the gateway reconciles its alert state with the open events when it loads the device.
 */
import type { Database } from '../db/client.ts';
import { openInterval, previewDailyStats, tickDevice, type DeriveSettings } from '../derive/index.ts';
import {
  daysToWrite,
  parsePersistedDeriveState,
  writeDailyStats,
  writeDeriveStates,
  writeIntervals,
  writeTrips,
  type IntervalRow,
  type PersistedDeriveState,
} from '../gateway/ingest/derive-stage.ts';
import { staticDeriveContext, type DeriveContextProvider } from '../gateway/ingest/derive-context.ts';
import { sqlClientOf, type SqlExecutor } from '../gateway/ingest/sql-client.ts';
import { alertPayloadOf, enqueueAlerts } from '../modules/forwarding/enqueue.ts';
import type { Job } from './runner.ts';

/** Battery voltage below this counts as a flat backup battery. */
export const LOW_BATTERY_V = 3.6;
/** GSM signal level below this counts as weak. */
export const WEAK_GSM_LEVEL = 5;

export interface LatestHealth {
  mainPower: boolean | null;
  batteryVoltageV: number | null;
  gsmSignal: number | null;
}

/** Why a device probably went silent, from what its last packet said. */
export function offlineReasonOf(latest: LatestHealth): string {
  if (latest.mainPower === false) return 'power cut';
  if (latest.batteryVoltageV !== null && latest.batteryVoltageV < LOW_BATTERY_V) return 'low battery';
  if (latest.gsmSignal !== null && latest.gsmSignal < WEAK_GSM_LEVEL) return 'weak GSM signal';
  return 'no data';
}

interface CandidateRow {
  state: unknown;
  vehicle_id: string | null;
  organisation_id: string;
  main_power: boolean | null;
  battery_voltage_v: number | null;
  gsm_signal: number | null;
  last_packet_at: Date;
  imei: string;
}

/** One device, in its own transaction (the state row locked): true when it was marked offline. */
async function markOffline(
  tx: SqlExecutor,
  deviceId: string,
  now: Date,
  cutoff: Date,
  settings: DeriveSettings,
): Promise<boolean> {
  const [row] = await tx.query<CandidateRow>(
    `SELECT s.state, l.vehicle_id::text AS vehicle_id, l.organisation_id::text AS organisation_id, l.main_power,
       l.battery_voltage_v, l.gsm_signal, l.last_packet_at, d.imei
     FROM device_derive_state s JOIN device_latest l ON l.device_id = s.device_id JOIN devices d ON d.id = s.device_id
     WHERE s.device_id = $1 FOR UPDATE OF s`,
    [deviceId],
  );
  if (!row || new Date(row.last_packet_at).getTime() >= cutoff.getTime()) return false;
  const persisted = parsePersistedDeriveState(row.state);
  if (!persisted || persisted.device.motion.kind === 'offline') return false;
  const step = tickDevice(persisted.device, now, settings);
  if (step.state.motion.kind !== 'offline') return false;
  const open = openInterval(step.state.motion, now);
  if (!open) return false;

  const owner = {
    deviceId: BigInt(deviceId),
    vehicleId: row.vehicle_id === null ? null : BigInt(row.vehicle_id),
    organisationId: BigInt(row.organisation_id),
  };
  const intervals: IntervalRow[] = step.intervals.map((interval) => ({ ...owner, interval, closed: true }));
  intervals.push({ ...owner, interval: open, closed: false });
  await writeIntervals(tx, intervals);
  if (step.trips.length > 0)
    await writeTrips(
      tx,
      step.trips.map((trip) => ({ ...owner, trip })),
    );
  const days = daysToWrite(
    previewDailyStats(step.state.daily, open, settings),
    step.touchedDays,
    open,
    settings,
  );
  if (days.length > 0)
    await writeDailyStats(
      tx,
      days.map((stats) => ({ ...owner, stats })),
    );
  const next: PersistedDeriveState = { ...persisted, device: step.state };
  await writeDeriveStates(tx, [{ deviceId: owner.deviceId, state: next, offlineEndedAt: null }]);
  const reason = offlineReasonOf({
    mainPower: row.main_power,
    batteryVoltageV: row.battery_voltage_v,
    gsmSignal: row.gsm_signal,
  });
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO events (device_id, vehicle_id, organisation_id, type, started_at, last_at, lat, lon, attrs)
     VALUES ($1, $2, $3, 'offline', $4, $4, $5, $6, $7::jsonb)
     ON CONFLICT (device_id, type) WHERE ended_at IS NULL DO NOTHING
     RETURNING id::text AS id`,
    [
      deviceId,
      row.vehicle_id,
      row.organisation_id,
      open.startAt,
      open.startLat,
      open.startLon,
      JSON.stringify({ reason, offlineAfterS: settings.offlineAfterS }),
    ],
  );
  // Forwarded like the gateway's alerts (outbox): queued in this transaction, only when the event was stored.
  if (inserted.length > 0)
    await enqueueAlerts(tx, owner.organisationId, [
      alertPayloadOf(
        {
          ...owner,
          type: 'offline',
          startedAt: open.startAt,
          lat: open.startLat,
          lon: open.startLon,
          late: false,
        },
        row.imei,
      ),
    ]);
  return true;
}

/**
 * Devices are candidates once silent for the shortest offline threshold any organisation may set (the settings
 * contract's lower bound); each is then held to its own organisation's `offlineAfterS`.
 */
export const MIN_OFFLINE_AFTER_S = 60;

export function offlineJob(
  database: Database,
  clock: () => Date,
  context: DeriveContextProvider = staticDeriveContext(),
): Job {
  const sql = sqlClientOf(database);
  const settingsOf = async (organisationId: string): Promise<DeriveSettings> => {
    const id = BigInt(organisationId);
    await context.load(sql, id);
    return context.get(id).settings;
  };
  return {
    name: 'derive-offline',
    intervalMs: 60_000,
    async run() {
      const now = clock();
      const candidates = await sql.query<{
        device_id: string;
        organisation_id: string;
        last_packet_at: Date;
      }>(
        `SELECT s.device_id::text AS device_id, l.organisation_id::text AS organisation_id, l.last_packet_at
         FROM device_derive_state s JOIN device_latest l ON l.device_id = s.device_id
         WHERE l.last_packet_at < $1 AND coalesce(s.state #>> '{device,motion,kind}', 'offline') <> 'offline'`,
        [new Date(now.getTime() - MIN_OFFLINE_AFTER_S * 1000)],
      );
      let marked = 0;
      for (const candidate of candidates) {
        const settings = await settingsOf(candidate.organisation_id);
        const cutoff = new Date(now.getTime() - settings.offlineAfterS * 1000);
        if (new Date(candidate.last_packet_at).getTime() >= cutoff.getTime()) continue;
        if (await sql.transaction((tx) => markOffline(tx, candidate.device_id, now, cutoff, settings)))
          marked++;
      }
      const open = await sql.query<{ id: string; organisation_id: string; last_at: Date }>(
        `SELECT id::text AS id, organisation_id::text AS organisation_id, last_at FROM events
         WHERE type = 'sos' AND ended_at IS NULL AND last_at <= $1`,
        [now],
      );
      const quiet: string[] = [];
      for (const event of open) {
        const settings = await settingsOf(event.organisation_id);
        if (new Date(event.last_at).getTime() <= now.getTime() - settings.sosQuietS * 1000)
          quiet.push(event.id);
      }
      if (quiet.length > 0)
        await sql.query(
          `UPDATE events SET ended_at = last_at WHERE id = ANY($1::bigint[]) AND ended_at IS NULL`,
          [quiet],
        );
      const closed = quiet.length > 0 ? `; ${quiet.length} quiet SOS alerts closed` : '';
      return `${marked} devices went offline${closed}`;
    },
  };
}
