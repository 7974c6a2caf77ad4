/**
 * device_latest and events rows → the /v1/live contract (packages/shared contracts/live.contract.ts), shared by the
 * ingest writer (deltas), the live socket (snapshot) and the vehicle routes.
 */
import type { LiveAlert, LivePosition, VehicleLiveStatus } from '@civicfleet/shared';
import type { EventRow, LatestRow } from '../gateway/ingest/rows.ts';

/**
 * A device silent for longer than this shows as offline when read (the worker's offline detection, with
 * per-organisation thresholds, adds the offline intervals and events later).
 */
export const OFFLINE_AFTER_MS = 30 * 60_000;

/** The status to show now: offline after OFFLINE_AFTER_MS without any packet; 'stopped' for a fix-less device. */
export function effectiveStatus(
  latest: Pick<LatestRow, 'status' | 'statusSince' | 'lastPacketAt'> | null,
  nowMs: number,
): { status: VehicleLiveStatus; since: Date | null } {
  if (!latest) return { status: 'never-connected', since: null };
  if (nowMs - latest.lastPacketAt.getTime() > OFFLINE_AFTER_MS)
    return { status: 'offline', since: latest.lastPacketAt };
  if (latest.status === 'never-connected') return { status: 'stopped', since: latest.lastPacketAt };
  return { status: latest.status, since: latest.statusSince };
}

/** null when the device has not sent a usable fix yet (nothing to put on a map). Pass nowMs to apply offline. */
export function livePositionOf(l: LatestRow, nowMs?: number): LivePosition | null {
  if (!l.fixedAt || l.lat === null || l.lon === null) return null;
  const { status, since } =
    nowMs === undefined ? { status: l.status, since: l.statusSince } : effectiveStatus(l, nowMs);
  return {
    deviceId: l.deviceId.toString(),
    vehicleId: l.vehicleId === null ? null : l.vehicleId.toString(),
    organisationId: l.organisationId.toString(),
    fixTime: l.fixedAt.toISOString(),
    serverTime: (l.serverAt ?? l.lastPacketAt).toISOString(),
    lat: l.lat,
    lon: l.lon,
    speedKph: l.speedKph,
    headingDeg: l.headingDeg,
    gpsValid: l.gpsValid,
    ignition: l.ignition,
    mainPower: l.mainPower,
    batteryVoltageV: l.batteryVoltageV,
    gsmSignal: l.gsmSignal,
    odometerM: l.odometerM,
    status,
    statusSince: since ? since.toISOString() : null,
  };
}

export function liveAlertOf(id: string, e: EventRow): LiveAlert {
  return {
    id,
    deviceId: e.deviceId.toString(),
    vehicleId: e.vehicleId === null ? null : e.vehicleId.toString(),
    organisationId: e.organisationId.toString(),
    type: e.type,
    at: e.startedAt.toISOString(),
    lat: e.lat,
    lon: e.lon,
    late: e.late,
  };
}
