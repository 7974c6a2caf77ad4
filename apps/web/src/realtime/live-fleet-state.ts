/**
 * The live fleet as the console keeps it: pure merge rules of the /v1/live stream (live.contract.ts) with the vehicle
 * directory (GET /v1/vehicle/statuses rows: registration numbers, never-connected vehicles). No I/O here; the store
 * (live-store.ts) feeds it.
 */
import type { LiveAlert, LivePosition, VehicleLiveStatus } from '@civicfleet/shared';

/** What GET /v1/vehicle/statuses gives per vehicle (VehicleStatusRow), plus names when the server sends them. */
export interface DirectoryRow {
  vehicleId: string;
  registrationNumber: string;
  organisationId: string;
  deviceId: string | null;
  imei: string | null;
  status: VehicleLiveStatus;
  statusSince: string | null;
  lastPacketAt: string | null;
  fixTime: string | null;
  lat: number | null;
  lon: number | null;
  speedKph: number | null;
  ignition: boolean | null;
  mainPower?: boolean | null | undefined;
  batteryVoltageV?: number | null | undefined;
  gsmSignal?: number | null | undefined;
  kind?: string | null | undefined;
  type?: string | null | undefined;
  groupName?: string | null | undefined;
  wardName?: string | null | undefined;
}

/**
 * One vehicle on the live screens: the latest LivePosition's fields, with what the directory knows. `lat`/`lon` and
 * the times are null for a vehicle that never sent a fix. `id` is the vehicle id, or `device:<id>` for a device not
 * fitted to any vehicle.
 */
export interface LiveVehicle extends Omit<
  LivePosition,
  'lat' | 'lon' | 'fixTime' | 'serverTime' | 'deviceId'
> {
  id: string;
  deviceId: string | null;
  lat: number | null;
  lon: number | null;
  fixTime: string | null;
  /** When the server received the latest packet (the "last update"). */
  serverTime: string | null;
  registrationNumber: string | null;
  imei: string | null;
  /** The body type when known (tipper, compactor, door-to-door), else the vehicle kind (TRUCK, MINI_VAN …). */
  kind: string | null;
  groupName: string | null;
  wardName: string | null;
}

/** Same rule as the server's effectiveStatus (apps/server/src/live/live-mapping.ts OFFLINE_AFTER_MS). */
export const OFFLINE_AFTER_MS = 30 * 60_000;
/** Alerts kept for the pop-ups and the desk, newest first. */
export const MAX_ALERTS = 200;

export const vehicleKeyOf = (p: Pick<LivePosition, 'vehicleId' | 'deviceId'>): string =>
  p.vehicleId ?? `device:${p.deviceId}`;

const newer = (a: string | null, b: string | null): boolean =>
  a !== null && (b === null || Date.parse(a) > Date.parse(b));

/** A live position applied onto what we knew of the vehicle (an older fix than the one held is ignored). */
export function applyPosition(prev: LiveVehicle | undefined, p: LivePosition): LiveVehicle {
  if (prev && prev.fixTime !== null && Date.parse(p.fixTime) < Date.parse(prev.fixTime)) return prev;
  return {
    ...p,
    id: vehicleKeyOf(p),
    registrationNumber: prev?.registrationNumber ?? null,
    imei: prev?.imei ?? null,
    kind: prev?.kind ?? null,
    groupName: prev?.groupName ?? null,
    wardName: prev?.wardName ?? null,
  };
}

/** A directory row merged in: names always; position and status only when the row is newer than what we hold. */
export function applyDirectoryRow(prev: LiveVehicle | undefined, row: DirectoryRow): LiveVehicle {
  const names = {
    registrationNumber: row.registrationNumber,
    imei: row.imei,
    kind: row.type ?? row.kind ?? prev?.kind ?? null,
    groupName: row.groupName ?? prev?.groupName ?? null,
    wardName: row.wardName ?? prev?.wardName ?? null,
  };
  if (prev && !newer(row.lastPacketAt, prev.serverTime)) {
    // The stream is as fresh; only a status the server aged (offline) is worth taking.
    const status = row.status === 'offline' && prev.status !== 'offline' ? row.status : prev.status;
    const statusSince = status === prev.status ? prev.statusSince : row.statusSince;
    return { ...prev, ...names, status, statusSince };
  }
  return {
    id: row.vehicleId,
    vehicleId: row.vehicleId,
    deviceId: row.deviceId,
    organisationId: row.organisationId,
    fixTime: row.fixTime,
    serverTime: row.lastPacketAt,
    lat: row.lat,
    lon: row.lon,
    speedKph: row.speedKph,
    headingDeg: prev?.headingDeg ?? null,
    gpsValid: prev?.gpsValid ?? null,
    ignition: row.ignition,
    mainPower: row.mainPower ?? prev?.mainPower ?? null,
    batteryVoltageV: row.batteryVoltageV ?? prev?.batteryVoltageV ?? null,
    gsmSignal: row.gsmSignal ?? prev?.gsmSignal ?? null,
    odometerM: prev?.odometerM ?? null,
    status: row.status,
    statusSince: row.statusSince,
    ...names,
  };
}

/** Offline after OFFLINE_AFTER_MS without a packet, as the server reads it; returns the same object when unchanged. */
export function ageVehicle(v: LiveVehicle, nowMs: number): LiveVehicle {
  if (v.status === 'offline' || v.status === 'never-connected' || v.serverTime === null) return v;
  if (nowMs - Date.parse(v.serverTime) <= OFFLINE_AFTER_MS) return v;
  return { ...v, status: 'offline', statusSince: v.serverTime };
}

/** New alerts first, de-duplicated by id, at most MAX_ALERTS. */
export function addAlerts(held: readonly LiveAlert[], incoming: readonly LiveAlert[]): readonly LiveAlert[] {
  if (incoming.length === 0) return held;
  const seen = new Set(held.map((a) => a.id));
  const fresh = incoming.filter((a) => !seen.has(a.id)).reverse();
  return fresh.length === 0 ? held : [...fresh, ...held].slice(0, MAX_ALERTS);
}
