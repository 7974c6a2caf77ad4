/**
 * What a status row shows: the server's row (GET /vehicle/statuses) with the live feed's newer values laid over it,
 * so status, speed, ignition, power and last update change in place between page loads. Pure, unit-tested.
 */
import type { VehicleLiveStatus, VehicleStatusRow } from '@civicfleet/shared';

/** The live feed's view of one vehicle (the fields of features/live LiveVehicle this screen reads). */
export interface LiveStatus {
  status: VehicleLiveStatus;
  statusSince: string | null;
  /** When the server received the latest packet; null for a vehicle that never sent one. */
  serverTime: string | null;
  lat: number | null;
  lon: number | null;
  speedKph: number | null;
  ignition: boolean | null;
  mainPower: boolean | null;
  batteryVoltageV: number | null;
  gsmSignal: number | null;
}

export interface StatusView {
  row: VehicleStatusRow;
  status: VehicleLiveStatus;
  statusSince: string | null;
  speedKph: number | null;
  ignition: boolean | null;
  mainPower: boolean | null;
  batteryVoltageV: number | null;
  gsmSignal: number | null;
  /** When the device last sent anything. */
  lastUpdateAt: string | null;
  lat: number | null;
  lon: number | null;
}

const later = (a: string | null, b: string | null): boolean =>
  b !== null && (a === null || Date.parse(b) >= Date.parse(a));

/** The live value wins when it is at least as recent as the row's last packet. */
export function statusView(row: VehicleStatusRow, live: LiveStatus | undefined): StatusView {
  const base: StatusView = {
    row,
    status: row.status,
    statusSince: row.statusSince,
    speedKph: row.speedKph,
    ignition: row.ignition,
    mainPower: row.mainPower ?? null,
    batteryVoltageV: row.batteryVoltageV ?? null,
    gsmSignal: row.gsmSignal ?? null,
    lastUpdateAt: row.lastPacketAt,
    lat: row.lat,
    lon: row.lon,
  };
  if (!live || !later(row.lastPacketAt, live.serverTime)) return base;
  const hasFix = live.lat !== null && live.lon !== null;
  return {
    row,
    status: live.status,
    statusSince: live.statusSince,
    speedKph: live.speedKph,
    ignition: live.ignition,
    mainPower: live.mainPower,
    batteryVoltageV: live.batteryVoltageV,
    gsmSignal: live.gsmSignal,
    lastUpdateAt: live.serverTime,
    lat: hasFix ? live.lat : row.lat,
    lon: hasFix ? live.lon : row.lon,
  };
}

/** GSM signal on the 0–31 CSQ scale as 0–4 bars (null when unknown). */
export function gsmBars(signal: number | null): number | null {
  if (signal === null || !Number.isFinite(signal)) return null;
  if (signal <= 0) return 0;
  return Math.min(4, Math.ceil((Math.min(signal, 31) / 31) * 4));
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/** "5 minutes ago" / "5 मिनट पहले" in the given language; '' for a missing time. */
export function formatAgo(iso: string | null, nowMs: number, language: string): string {
  if (iso === null) return '';
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const ms = Math.max(0, nowMs - then);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'long' });
  for (const [unit, size] of UNITS) {
    if (ms >= size || unit === 'second') return format.format(-Math.floor(ms / size), unit);
  }
  return '';
}

/** Rounded to about 100 m, so a vehicle creeping along does not ask for its place name at every fix. */
export const placeKey = (value: number): number => Math.round(value * 1000) / 1000;
