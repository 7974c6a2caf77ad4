/**
 * What one ingest batch writes, as plain objects. Ids are bigint in memory; the writer sends them as decimal text.
 * Column meanings and units are documented on the Drizzle tables (db/schema/positions.ts, devices.ts, events.ts).
 */
import type { VehicleLiveStatus } from '@civicfleet/shared';
import type { Protocol } from '@civicfleet/protocols';

export interface PositionRow {
  deviceId: bigint;
  fixedAt: Date;
  serverAt: Date;
  vehicleId: bigint | null;
  lat: number;
  lon: number;
  speedKph: number | null;
  headingDeg: number | null;
  altitudeM: number | null;
  satellites: number | null;
  hdop: number | null;
  gpsValid: boolean | null;
  ignition: boolean | null;
  motion: boolean | null;
  mainPower: boolean | null;
  mainVoltageV: number | null;
  batteryVoltageV: number | null;
  gsmSignal: number | null;
  distanceM: number | null;
  odometerM: number | null;
  history: boolean;
  attrs: Record<string, unknown> | null;
}

/** Mirror of a device_latest row. */
export interface LatestRow {
  deviceId: bigint;
  vehicleId: bigint | null;
  organisationId: bigint;
  fixedAt: Date | null;
  serverAt: Date | null;
  lat: number | null;
  lon: number | null;
  speedKph: number | null;
  headingDeg: number | null;
  altitudeM: number | null;
  satellites: number | null;
  gpsValid: boolean | null;
  ignition: boolean | null;
  motion: boolean | null;
  mainPower: boolean | null;
  mainVoltageV: number | null;
  batteryVoltageV: number | null;
  gsmSignal: number | null;
  odometerM: number | null;
  status: VehicleLiveStatus;
  statusSince: Date | null;
  lastPacketAt: Date;
}

export interface RawLogRow {
  receivedAt: Date;
  deviceId: bigint | null;
  imei: string | null;
  protocol: Protocol;
  remoteAddr: string | null;
  bytes: Uint8Array;
  decodeError: string | null;
  checksumOk: boolean | null;
}

/** A new alert. `endedAt` set = closed on insert (instant alarms, late alarms, or opened and closed in one batch). */
export interface EventRow {
  deviceId: bigint;
  vehicleId: bigint | null;
  organisationId: bigint;
  type: string;
  startedAt: Date;
  endedAt: Date | null;
  lastAt: Date;
  repeatCount: number;
  lat: number | null;
  lon: number | null;
  late: boolean;
  attrs: Record<string, unknown> | null;
}

/** Changes to an alert opened by an earlier batch (still open in the database). */
export interface EventUpdate {
  deviceId: bigint;
  type: string;
  lastAt: Date;
  repeatCount: number;
  /** Set when the alert closes. */
  endedAt: Date | null;
}

/** A driver-id read worth keeping (stages/driver-tag.ts): `tag` canonical upper-case hex, `readAt` fix or receive time. */
export interface DriverTagReadRow {
  deviceId: bigint;
  vehicleId: bigint | null;
  organisationId: bigint;
  tag: string;
  readAt: Date;
  lat: number | null;
  lon: number | null;
}

export interface UnknownDeviceRow {
  imei: string;
  protocol: Protocol;
  firstSeenAt: Date;
  lastSeenAt: Date;
  packets: number;
  remoteAddr: string | null;
}
