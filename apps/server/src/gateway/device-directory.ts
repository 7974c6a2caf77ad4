/**
 * IMEI → device state, loaded from the database when a device identifies itself and cached. The device record and
 * its vehicle links are re-read after REFRESH_MS (so a device registered, linked or deleted in the console takes
 * effect within a minute without any cross-process signal); the pipeline state (last fix, odometer, open alarms)
 * stays in memory until invalidate() (a failed batch) drops it.
 */
import { PROTOCOLS, type Protocol } from '@civicfleet/protocols';
import type { VehicleLiveStatus } from '@civicfleet/shared';
import { newDeviceState, type DeviceRecord, type DeviceState, type LinkSpan } from './ingest/device-state.ts';
import type { LatestRow } from './ingest/rows.ts';
import type { IngestStage } from './ingest/pipeline.ts';
import type { SqlExecutor } from './ingest/sql-client.ts';

export const REFRESH_MS = 60_000;

interface Entry {
  /** null = not registered (or deleted): an unknown device. */
  state: DeviceState | null;
  loadedAtMs: number;
}

export interface DeviceDirectory {
  /** The cached entry when it is fresh enough; undefined = call load(). */
  peek(imei: string, nowMs: number): DeviceState | null | undefined;
  /** Reads the device (and, first time, its pipeline state) from the database. */
  load(imei: string, nowMs: number): Promise<DeviceState | null>;
  /** Records the protocol a device was heard on (devices.protocol), once per change. */
  recordProtocol(state: DeviceState, protocol: Protocol): Promise<void>;
  /** Forget devices (their pipeline state is reloaded from the database on next use). */
  invalidate(deviceIds: Iterable<bigint>): void;
  readonly size: number;
}

interface DeviceDbRow {
  id: string;
  imei: string;
  organisation_id: string;
  strict_checksum: boolean;
  protocol: string | null;
}

const isProtocol = (value: string | null): value is Protocol =>
  value !== null && (PROTOCOLS as readonly string[]).includes(value);

export function createDeviceDirectory(db: SqlExecutor, stages: readonly IngestStage[] = []): DeviceDirectory {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<DeviceState | null>>();

  async function read(imei: string, nowMs: number): Promise<DeviceState | null> {
    const [row] = await db.query<DeviceDbRow>(
      `SELECT id::text AS id, imei, organisation_id::text AS organisation_id, strict_checksum, protocol
       FROM devices WHERE imei = $1 AND NOT deleted`,
      [imei],
    );
    if (!row) {
      entries.set(imei, { state: null, loadedAtMs: nowMs });
      return null;
    }
    const device: DeviceRecord = {
      id: BigInt(row.id),
      imei: row.imei,
      organisationId: BigInt(row.organisation_id),
      strictChecksum: row.strict_checksum,
      protocol: isProtocol(row.protocol) ? row.protocol : null,
    };
    const links = await readLinks(db, device.id);
    const previous = entries.get(imei)?.state;
    let state: DeviceState;
    if (previous && previous.device.id === device.id) {
      previous.device = device;
      previous.links = links;
      state = previous;
    } else {
      state = newDeviceState(device, links, await readLatest(db, device.id));
      await readOpenAlarms(db, state);
      for (const stage of stages) await stage.load?.(db, state);
    }
    entries.set(imei, { state, loadedAtMs: nowMs });
    return state;
  }

  return {
    peek(imei, nowMs) {
      const entry = entries.get(imei);
      if (!entry || nowMs - entry.loadedAtMs >= REFRESH_MS) return undefined;
      return entry.state;
    },
    load(imei, nowMs) {
      let pending = loading.get(imei);
      if (!pending) {
        pending = read(imei, nowMs).finally(() => loading.delete(imei));
        loading.set(imei, pending);
      }
      return pending;
    },
    async recordProtocol(state, protocol) {
      if (state.device.protocol === protocol) return;
      state.device.protocol = protocol;
      await db.query(`UPDATE devices SET protocol = $1 WHERE id = $2`, [
        protocol,
        state.device.id.toString(),
      ]);
    },
    invalidate(deviceIds) {
      const ids = new Set(deviceIds);
      for (const [imei, entry] of entries)
        if (entry.state && ids.has(entry.state.device.id)) entries.delete(imei);
    },
    get size() {
      return entries.size;
    },
  };
}

async function readLinks(db: SqlExecutor, deviceId: bigint): Promise<LinkSpan[]> {
  const rows = await db.query<{
    vehicle_id: string;
    organisation_id: string;
    linked_at: Date;
    unlinked_at: Date | null;
  }>(
    `SELECT l.vehicle_id::text AS vehicle_id, v.organisation_id::text AS organisation_id, l.linked_at, l.unlinked_at
     FROM vehicle_device_links l JOIN vehicles v ON v.id = l.vehicle_id
     WHERE l.device_id = $1 ORDER BY l.linked_at`,
    [deviceId.toString()],
  );
  return rows.map((r) => ({
    vehicleId: BigInt(r.vehicle_id),
    organisationId: BigInt(r.organisation_id),
    fromMs: new Date(r.linked_at).getTime(),
    toMs: r.unlinked_at === null ? null : new Date(r.unlinked_at).getTime(),
  }));
}

interface LatestDbRow {
  vehicle_id: string | null;
  organisation_id: string;
  fixed_at: Date | null;
  server_at: Date | null;
  lat: number | null;
  lon: number | null;
  speed_kph: number | null;
  heading_deg: number | null;
  altitude_m: number | null;
  satellites: number | null;
  gps_valid: boolean | null;
  ignition: boolean | null;
  motion: boolean | null;
  main_power: boolean | null;
  main_voltage_v: number | null;
  battery_voltage_v: number | null;
  gsm_signal: number | null;
  odometer_m: number | null;
  status: VehicleLiveStatus;
  status_since: Date | null;
  last_packet_at: Date;
}

async function readLatest(db: SqlExecutor, deviceId: bigint): Promise<LatestRow | null> {
  const [r] = await db.query<LatestDbRow>(
    `SELECT vehicle_id::text AS vehicle_id, organisation_id::text AS organisation_id, fixed_at, server_at, lat, lon,
       speed_kph, heading_deg, altitude_m, satellites, gps_valid, ignition, motion, main_power, main_voltage_v,
       battery_voltage_v, gsm_signal, odometer_m, status, status_since, last_packet_at
     FROM device_latest WHERE device_id = $1`,
    [deviceId.toString()],
  );
  if (!r) return null;
  return {
    deviceId,
    vehicleId: r.vehicle_id === null ? null : BigInt(r.vehicle_id),
    organisationId: BigInt(r.organisation_id),
    fixedAt: r.fixed_at,
    serverAt: r.server_at,
    lat: r.lat,
    lon: r.lon,
    speedKph: r.speed_kph,
    headingDeg: r.heading_deg,
    altitudeM: r.altitude_m,
    satellites: r.satellites,
    gpsValid: r.gps_valid,
    ignition: r.ignition,
    motion: r.motion,
    mainPower: r.main_power,
    mainVoltageV: r.main_voltage_v,
    batteryVoltageV: r.battery_voltage_v,
    gsmSignal: r.gsm_signal,
    odometerM: r.odometer_m,
    status: r.status,
    statusSince: r.status_since,
    lastPacketAt: r.last_packet_at,
  };
}

async function readOpenAlarms(db: SqlExecutor, state: DeviceState): Promise<void> {
  const rows = await db.query<{ type: string; started_at: Date; last_at: Date; repeat_count: number }>(
    `SELECT type, started_at, last_at, repeat_count FROM events WHERE device_id = $1 AND ended_at IS NULL`,
    [state.device.id.toString()],
  );
  for (const r of rows) {
    state.openAlarms.set(r.type, {
      startedAt: new Date(r.started_at),
      lastAt: new Date(r.last_at),
      repeatCount: r.repeat_count,
      pending: null,
    });
  }
}
