/**
 * IMEI → device state, loaded from the database when a device identifies itself and cached. The device record and
 * its vehicle links are re-read after REFRESH_MS, and at the next frame when TOPICS.devices names the device (the
 * console's link/unlink publishes it); the pipeline state (last fix, odometer, open alarms)
 * stays in memory until invalidate() (a failed batch) drops it.
 *
 * Loads are batched: after a gateway restart every device logs in at once, and one identification used to cost
 * about eight sequential queries. Concurrent `load` calls are coalesced (createKeyBatcher) into one read of up to
 * LOAD_BATCH devices: the devices by `imei = ANY($1)`, then their links, `device_latest` rows and open events by
 * `device_id = ANY($1)`, then the stages' `load` for all new states at once (the derive stage coalesces those into
 * its own batched reads). A batch starts once the previous one is done, so under load it holds whatever arrived
 * meanwhile; when idle a login waits LOAD_WAIT_MS for company. One identification of a storm costs ~0.2 statements
 * instead of eight (bench/README.md "reconnect").
 */
import { PROTOCOLS, type Protocol } from '@civicfleet/protocols';
import type { VehicleLiveStatus } from '@civicfleet/shared';
import { newDeviceState, type DeviceRecord, type DeviceState, type LinkSpan } from './ingest/device-state.ts';
import type { LatestRow } from './ingest/rows.ts';
import type { IngestStage } from './ingest/pipeline.ts';
import type { SqlExecutor } from './ingest/sql-client.ts';
import { sourceNetworks } from './identity/source-networks.ts';

export const REFRESH_MS = 60_000;
/** Devices per batched load: bounds the synchronous work (and so the event-loop stall) of one batch to a few ms. */
export const LOAD_BATCH = 500;
/** How long a load waits for concurrent ones to share its batch (ms): nothing next to the 8 queries it saves. */
export const LOAD_WAIT_MS = 5;

interface Entry {
  /** null = not registered (or deleted): an unknown device. */
  state: DeviceState | null;
  loadedAtMs: number;
}

export interface DeviceDirectory {
  /** The cached entry when it is fresh enough; undefined = call load(). */
  peek(imei: string, nowMs: number): DeviceState | null | undefined;
  /** Reads the device (and, first time, its pipeline state) from the database, batched with concurrent loads. */
  load(imei: string, nowMs: number): Promise<DeviceState | null>;
  /** Records the protocol a device was heard on (devices.protocol), once per change. */
  recordProtocol(state: DeviceState, protocol: Protocol): Promise<void>;
  /** Forget devices (their pipeline state is reloaded from the database on next use). */
  invalidate(deviceIds: Iterable<bigint>): void;
  /** Re-read these devices' records and vehicle links at their next frame (pipeline state kept): TOPICS.devices. */
  refresh(deviceIds: Iterable<bigint>): void;
  readonly size: number;
}

// ------------------------------------------------------------------------------------------------------- batching

export interface KeyBatcherOptions {
  /** Keys per fetch. */
  maxBatch: number;
  /** Fetches running at once (more keys wait for one to finish, then go together). Default 1. */
  maxInFlight?: number;
  /**
   * How long the first key waits for others before its fetch starts (ms). 0 (default): only the calls of the same
   * turn of the event loop. A few ms lets logins arriving on many sockets share a fetch.
   */
  waitMs?: number;
}

/**
 * DataLoader-style coalescing: `get(key)` calls made while a fetch is running (or in the same turn of the event loop)
 * go to the database together, in one `fetch(keys)` of up to maxBatch distinct keys. A key missing from the
 * fetch's map resolves to undefined; a failed fetch rejects the calls of its keys only.
 */
export function createKeyBatcher<K, V>(
  fetch: (keys: K[]) => Promise<Map<K, V>>,
  options: KeyBatcherOptions,
): (key: K) => Promise<V | undefined> {
  const maxInFlight = options.maxInFlight ?? 1;
  const waitMs = options.waitMs ?? 0;
  let pending = new Map<K, Array<{ resolve: (v: V | undefined) => void; reject: (e: unknown) => void }>>();
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || inFlight >= maxInFlight || pending.size === 0) return;
    scheduled = true;
    // At least until after the I/O callbacks of this turn, so logins read from many sockets at once share a batch.
    if (waitMs > 0 && pending.size < options.maxBatch) setTimeout(run, waitMs);
    else setImmediate(run);
  }

  function run(): void {
    scheduled = false;
    while (inFlight < maxInFlight && pending.size > 0) {
      let batch = pending;
      if (pending.size > options.maxBatch) {
        batch = new Map();
        for (const [key, waiters] of pending) {
          if (batch.size >= options.maxBatch) break;
          batch.set(key, waiters);
          pending.delete(key);
        }
      } else {
        pending = new Map();
      }
      inFlight++;
      const keys = [...batch.keys()];
      // Through a promise: a fetch that throws synchronously must still settle its batch and free its slot.
      Promise.resolve()
        .then(() => fetch(keys))
        .then(
          (values) => {
            for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
          },
        )
        .finally(() => {
          inFlight--;
          schedule();
        });
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      schedule();
    });
}

// -------------------------------------------------------------------------------------------------------- directory

interface DeviceDbRow {
  id: string;
  imei: string;
  organisation_id: string;
  strict_checksum: boolean;
  protocol: string | null;
  allowed_networks: string[] | null;
  identity_conflict_at: Date | string | null;
  identity_conflicts: number;
  clone_suspected_at: Date | string | null;
}

/** One device of a batch whose stage state failed to load (the others are fine). */
class LoadError {
  constructor(readonly cause: unknown) {}
}

const isProtocol = (value: string | null): value is Protocol =>
  value !== null && (PROTOCOLS as readonly string[]).includes(value);

export function createDeviceDirectory(db: SqlExecutor, stages: readonly IngestStage[] = []): DeviceDirectory {
  const entries = new Map<string, Entry>();
  /** The clock of the first load() of each IMEI waiting in the batcher (its entry's loadedAtMs). */
  const requestedAtMs = new Map<string, number>();

  async function readMany(imeis: string[]): Promise<Map<string, DeviceState | null | LoadError>> {
    const rows = await db.query<DeviceDbRow>(
      `SELECT id::text AS id, imei, organisation_id::text AS organisation_id, strict_checksum, protocol,
         allowed_networks, identity_conflict_at, identity_conflicts, clone_suspected_at
       FROM devices WHERE imei = ANY($1::text[]) AND NOT deleted
         AND (expires_at IS NULL OR expires_at > now())`,
      [imeis],
    );
    const devices = new Map<string, DeviceRecord>();
    // A device's own list wins; without one, its organisation's (inherited down the tree).
    const inheriting = rows.filter((r) => r.allowed_networks === null).map((r) => r.organisation_id);
    const orgNetworks = inheriting.length > 0 ? await readOrganisationNetworks(db, inheriting) : new Map();
    for (const row of rows) {
      devices.set(row.imei, {
        id: BigInt(row.id),
        imei: row.imei,
        organisationId: BigInt(row.organisation_id),
        strictChecksum: row.strict_checksum,
        protocol: isProtocol(row.protocol) ? row.protocol : null,
        allowedNetworks: sourceNetworks(row.allowed_networks ?? orgNetworks.get(row.organisation_id) ?? null),
        identityConflictAt: row.identity_conflict_at === null ? null : new Date(row.identity_conflict_at),
        identityConflicts: row.identity_conflicts,
        cloneSuspectedAt: row.clone_suspected_at === null ? null : new Date(row.clone_suspected_at),
      });
    }
    /** Devices seen for the first time (or whose id changed): their pipeline state is read too. */
    const fresh = [...devices.values()].filter((d) => entries.get(d.imei)?.state?.device.id !== d.id);
    const [links, latest, alarms] = await Promise.all([
      devices.size > 0
        ? readLinks(
            db,
            [...devices.values()].map((d) => d.id),
          )
        : new Map<bigint, LinkSpan[]>(),
      fresh.length > 0
        ? readLatest(
            db,
            fresh.map((d) => d.id),
          )
        : new Map<bigint, LatestRow>(),
      fresh.length > 0
        ? readOpenAlarms(
            db,
            fresh.map((d) => d.id),
          )
        : new Map<bigint, Map<string, OpenAlarmRow>>(),
    ]);

    const result = new Map<string, DeviceState | null | LoadError>();
    const loadedAtMs = new Map<string, number>();
    const created: DeviceState[] = [];
    for (const imei of imeis) {
      const nowMs = requestedAtMs.get(imei) ?? Date.now();
      requestedAtMs.delete(imei);
      loadedAtMs.set(imei, nowMs);
      const device = devices.get(imei);
      if (!device) {
        entries.set(imei, { state: null, loadedAtMs: nowMs });
        result.set(imei, null);
        continue;
      }
      const deviceLinks = links.get(device.id) ?? [];
      const previous = entries.get(imei)?.state;
      let state: DeviceState;
      if (previous && previous.device.id === device.id) {
        previous.device = device;
        previous.links = deviceLinks;
        state = previous;
      } else {
        state = newDeviceState(device, deviceLinks, latest.get(device.id) ?? null);
        for (const [type, r] of alarms.get(device.id) ?? []) {
          state.openAlarms.set(type, {
            startedAt: new Date(r.started_at),
            lastAt: new Date(r.last_at),
            repeatCount: r.repeat_count,
            pending: null,
          });
        }
        created.push(state);
      }
      result.set(imei, state);
    }
    // Stages in order per device; devices side by side (a stage coalesces its reads across them).
    const loaded = await Promise.allSettled(
      created.map(async (state) => {
        for (const stage of stages) await stage.load?.(db, state);
      }),
    );
    const failed = new Map<DeviceState, unknown>();
    loaded.forEach((outcome, i) => {
      const state = created[i];
      if (outcome.status === 'rejected' && state) failed.set(state, outcome.reason);
    });
    // Cached only once complete: a device whose stage state failed to load is read again next time.
    for (const [imei, state] of result) {
      if (!state || state instanceof LoadError) continue;
      if (!failed.has(state)) entries.set(imei, { state, loadedAtMs: loadedAtMs.get(imei) ?? Date.now() });
      else result.set(imei, new LoadError(failed.get(state)));
    }
    return result;
  }

  const batched = createKeyBatcher(readMany, { maxBatch: LOAD_BATCH, waitMs: LOAD_WAIT_MS });

  return {
    peek(imei, nowMs) {
      const entry = entries.get(imei);
      if (!entry || nowMs - entry.loadedAtMs >= REFRESH_MS) return undefined;
      return entry.state;
    },
    async load(imei, nowMs) {
      if (!requestedAtMs.has(imei)) requestedAtMs.set(imei, nowMs);
      let value: DeviceState | null | LoadError | undefined;
      try {
        value = await batched(imei);
      } catch (error) {
        requestedAtMs.delete(imei);
        throw error;
      }
      if (value instanceof LoadError) throw value.cause;
      return value ?? null;
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
    refresh(deviceIds) {
      const ids = new Set(deviceIds);
      for (const entry of entries.values())
        if (entry.state && ids.has(entry.state.device.id)) entry.loadedAtMs = Number.NEGATIVE_INFINITY;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The allowed source networks each organisation inherits: `organisation_settings.settings.deviceNetwork
 * .allowedNetworks` of the organisation or its nearest ancestor that sets it (db/organisation-settings.ts).
 */
async function readOrganisationNetworks(
  db: SqlExecutor,
  organisationIds: string[],
): Promise<Map<string, string[]>> {
  const rows = await db.query<{ organisation_id: string; networks: unknown }>(
    `WITH RECURSIVE chain (organisation_id, id, parent_id, depth) AS (
       SELECT o.id, o.id, o.parent_id, 0 FROM organisations o WHERE o.id = ANY($1::bigint[])
       UNION ALL
       SELECT chain.organisation_id, o.id, o.parent_id, chain.depth + 1
         FROM organisations o JOIN chain ON o.id = chain.parent_id WHERE chain.depth < 16
     )
     SELECT DISTINCT ON (chain.organisation_id) chain.organisation_id::text AS organisation_id,
       s.settings -> 'deviceNetwork' -> 'allowedNetworks' AS networks
     FROM chain JOIN organisation_settings s ON s.organisation_id = chain.id
     WHERE jsonb_typeof(s.settings -> 'deviceNetwork' -> 'allowedNetworks') = 'array'
     ORDER BY chain.organisation_id, chain.depth`,
    [[...new Set(organisationIds)]],
  );
  const byOrganisation = new Map<string, string[]>();
  for (const r of rows) {
    const networks = typeof r.networks === 'string' ? (JSON.parse(r.networks) as unknown) : r.networks;
    if (Array.isArray(networks))
      byOrganisation.set(
        r.organisation_id,
        networks.filter((n) => typeof n === 'string'),
      );
  }
  return byOrganisation;
}

const idParams = (ids: readonly bigint[]) => ids.map((id) => id.toString());

async function readLinks(db: SqlExecutor, deviceIds: readonly bigint[]): Promise<Map<bigint, LinkSpan[]>> {
  const rows = await db.query<{
    device_id: string;
    vehicle_id: string;
    organisation_id: string;
    linked_at: Date;
    unlinked_at: Date | null;
  }>(
    `SELECT l.device_id::text AS device_id, l.vehicle_id::text AS vehicle_id,
       v.organisation_id::text AS organisation_id, l.linked_at, l.unlinked_at
     FROM vehicle_device_links l JOIN vehicles v ON v.id = l.vehicle_id
     WHERE l.device_id = ANY($1::bigint[]) ORDER BY l.device_id, l.linked_at`,
    [idParams(deviceIds)],
  );
  const byDevice = new Map<bigint, LinkSpan[]>();
  for (const r of rows) {
    const deviceId = BigInt(r.device_id);
    let list = byDevice.get(deviceId);
    if (!list) byDevice.set(deviceId, (list = []));
    list.push({
      vehicleId: BigInt(r.vehicle_id),
      organisationId: BigInt(r.organisation_id),
      fromMs: new Date(r.linked_at).getTime(),
      toMs: r.unlinked_at === null ? null : new Date(r.unlinked_at).getTime(),
    });
  }
  return byDevice;
}

interface LatestDbRow {
  device_id: string;
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

async function readLatest(db: SqlExecutor, deviceIds: readonly bigint[]): Promise<Map<bigint, LatestRow>> {
  const rows = await db.query<LatestDbRow>(
    `SELECT device_id::text AS device_id, vehicle_id::text AS vehicle_id, organisation_id::text AS organisation_id,
       fixed_at, server_at, lat, lon, speed_kph, heading_deg, altitude_m, satellites, gps_valid, ignition, motion,
       main_power, main_voltage_v, battery_voltage_v, gsm_signal, odometer_m, status, status_since, last_packet_at
     FROM device_latest WHERE device_id = ANY($1::bigint[])`,
    [idParams(deviceIds)],
  );
  const byDevice = new Map<bigint, LatestRow>();
  for (const r of rows) {
    const deviceId = BigInt(r.device_id);
    byDevice.set(deviceId, {
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
    });
  }
  return byDevice;
}

interface OpenAlarmRow {
  device_id: string;
  type: string;
  started_at: Date;
  last_at: Date;
  repeat_count: number;
}

/** Open events per device and type: the alerts the pipeline reconciles its alert machine with. */
async function readOpenAlarms(
  db: SqlExecutor,
  deviceIds: readonly bigint[],
): Promise<Map<bigint, Map<string, OpenAlarmRow>>> {
  const rows = await db.query<OpenAlarmRow>(
    `SELECT device_id::text AS device_id, type, started_at, last_at, repeat_count
     FROM events WHERE device_id = ANY($1::bigint[]) AND ended_at IS NULL`,
    [idParams(deviceIds)],
  );
  const byDevice = new Map<bigint, Map<string, OpenAlarmRow>>();
  for (const r of rows) {
    const deviceId = BigInt(r.device_id);
    let types = byDevice.get(deviceId);
    if (!types) byDevice.set(deviceId, (types = new Map()));
    types.set(r.type, r);
  }
  return byDevice;
}
